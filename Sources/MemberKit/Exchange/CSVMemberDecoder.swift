import Foundation

/// Streams a CSV member list: the header names the columns, every row must have as many
/// fields as the header, and memberIds must not repeat. A spreadsheet from another system
/// (its header lacks the layout's own columns) is read through a `SheetMapping`; there a row
/// repeated word for word is read once.
final class CSVMemberDecoder: MemberFileDecoder {
    private let reader: RFC4180Reader
    private let name: String
    private let layout: any CSVLayout
    /// How to read another system's list (nil: only the layout's own header is taken).
    private let sheet: SheetOptions?
    private var header: [String]?
    private(set) var sheetMapping: SheetMapping?
    private(set) var repeatedRows = 0
    /// A mapped sheet's rows by member id, to tell a repeated row from two that disagree.
    private var mappedRows: [String: (row: Int, cells: [String])] = [:]
    private var row = 0
    private var seen = MemberIdSet()

    init(reader: ByteReader, name: String, layout: any CSVLayout, sheet: SheetOptions? = nil) {
        self.reader = RFC4180Reader(reader: reader)
        self.name = name
        self.layout = layout
        self.sheet = sheet
    }

    var bytesRead: Int { reader.bytesRead }
    var totalBytes: Int? { reader.totalBytes }

    func next() throws -> ExchangeMember? {
        do {
            if header == nil { try readHeader() }
            while let header, let record = try reader.nextRecord() {
                row += 1
                guard record.fields.count == header.count else {
                    throw ExchangeError(file: name, line: record.line, element: row,
                                        message: "\(record.fields.count) fields, but the header has \(header.count)")
                }
                var values: [String: (text: String, quoted: Bool)] = [:]
                let member: ExchangeMember
                do {
                    if let sheetMapping {
                        values = try sheetMapping.values(record.fields)
                    } else {
                        values.reserveCapacity(header.count)
                        for index in header.indices { values[header[index]] = (record.fields[index], record.quoted[index]) }
                    }
                    member = try layout.member(values)
                } catch {
                    throw ExchangeError(file: name, line: record.line, element: row, message: error.message)
                }
                if sheetMapping != nil, let first = mappedRows[member.record.memberId] {
                    guard first.cells == record.fields else {
                        throw ExchangeError(file: name, line: record.line, element: row,
                                            message: "member \(member.record.memberId) is also row \(first.row), with other values: keep one")
                    }
                    repeatedRows += 1
                    continue
                }
                guard seen.insert(member.record.memberId) else {
                    throw ExchangeError(file: name, line: record.line, element: row,
                                        message: "duplicate memberId \(member.record.memberId)")
                }
                if sheetMapping != nil { mappedRows[member.record.memberId] = (row, record.fields) }
                return member
            }
            return nil
        } catch let failure as ByteReadError {
            throw ExchangeError(file: name, line: failure.line, message: failure.message)
        }
    }

    private func readHeader() throws {
        guard let record = try reader.nextRecord() else {
            throw ExchangeError(file: name, line: 1, message: "the file is empty: expected a header row")
        }
        let missing = layout.requiredColumns.filter { !record.fields.contains($0) }
        let mapped = !missing.isEmpty && sheet != nil
        var names = Set<String>()
        // Another system's list may leave several header cells empty: those columns are not read.
        for column in record.fields where !(mapped && column.isEmpty) && !names.insert(column).inserted {
            throw ExchangeError(file: name, line: record.line, message: "the header repeats the column '\(column)'")
        }
        if let sheet, mapped {
            do {
                sheetMapping = try SheetMapping(header: record.fields, options: sheet)
            } catch {
                throw ExchangeError(file: name, line: record.line, message: error.message)
            }
        } else if !missing.isEmpty {
            throw ExchangeError(file: name, line: record.line,
                                message: "not a member list: the header lacks \(missing.joined(separator: ", "))")
        }
        header = record.fields
    }
}
