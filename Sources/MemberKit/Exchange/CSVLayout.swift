import Foundation

/// How one CSV flavour maps columns to members (and back).
protocol CSVLayout {
    /// Columns that must be in the header.
    var requiredColumns: [String] { get }
    func header(subclassFields: [String], clubKit: Bool) -> [String]
    /// Writes one member's record (without the line end).
    func appendRow(_ member: ExchangeMember, subclassFields: [String], clubKit: Bool, into out: inout [UInt8])
    /// A member from one record, as header name → (text, was quoted).
    func member(_ values: [String: (text: String, quoted: Bool)]) throws(FieldError) -> ExchangeMember
    /// Bytes written before the header (the spreadsheet CSV's BOM).
    var preamble: [UInt8] { get }
    /// Whether the last record ends with a line end (ClubKit's files do not).
    var trailingNewline: Bool { get }
}

extension CSVLayout {
    /// Parses the JSON text of an extras cell.
    func extras(_ text: String) throws(FieldError) -> JSONValue {
        var parser = JSONStreamParser(reader: ByteReader(bytes: Array(text.utf8)))
        do {
            let value = try parser.parseValue()
            guard try parser.peekToken() == nil else { throw FieldError("\(ExchangeMember.extrasKey): unexpected text after the JSON") }
            return value
        } catch let error as FieldError {
            throw error
        } catch let error as ByteReadError {
            throw FieldError("\(ExchangeMember.extrasKey): \(error.message)")
        } catch {
            throw FieldError("\(ExchangeMember.extrasKey): \(error)")
        }
    }
}
