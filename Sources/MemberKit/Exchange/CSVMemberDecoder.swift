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

/// Streams a CSV member list: the header names the columns, every row must have as many
/// fields as the header, and memberIds must not repeat.
final class CSVMemberDecoder: MemberFileDecoder {
    private let reader: RFC4180Reader
    private let name: String
    private let layout: any CSVLayout
    private var header: [String]?
    private var row = 0
    private var seen = MemberIdSet()

    init(reader: ByteReader, name: String, layout: any CSVLayout) {
        self.reader = RFC4180Reader(reader: reader)
        self.name = name
        self.layout = layout
    }

    var bytesRead: Int { reader.bytesRead }
    var totalBytes: Int? { reader.totalBytes }

    func next() throws -> ExchangeMember? {
        do {
            if header == nil { try readHeader() }
            guard let header, let record = try reader.nextRecord() else { return nil }
            row += 1
            guard record.fields.count == header.count else {
                throw ExchangeError(file: name, line: record.line, element: row,
                                    message: "\(record.fields.count) fields, but the header has \(header.count)")
            }
            var values: [String: (text: String, quoted: Bool)] = [:]
            values.reserveCapacity(header.count)
            for index in header.indices { values[header[index]] = (record.fields[index], record.quoted[index]) }
            let member: ExchangeMember
            do {
                member = try layout.member(values)
            } catch {
                throw ExchangeError(file: name, line: record.line, element: row, message: error.message)
            }
            guard seen.insert(member.record.memberId) else {
                throw ExchangeError(file: name, line: record.line, element: row,
                                    message: "duplicate memberId \(member.record.memberId)")
            }
            return member
        } catch let failure as ByteReadError {
            throw ExchangeError(file: name, line: failure.line, message: failure.message)
        }
    }

    private func readHeader() throws {
        guard let record = try reader.nextRecord() else {
            throw ExchangeError(file: name, line: 1, message: "the file is empty: expected a header row")
        }
        let missing = layout.requiredColumns.filter { !record.fields.contains($0) }
        guard missing.isEmpty else {
            throw ExchangeError(file: name, line: record.line,
                                message: "not a member list: the header lacks \(missing.joined(separator: ", "))")
        }
        var names = Set<String>()
        for column in record.fields where !names.insert(column).inserted {
            throw ExchangeError(file: name, line: record.line, message: "the header repeats the column '\(column)'")
        }
        header = record.fields
    }
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
