import Foundation

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
