import Foundation

/// Reads RFC 4180 CSV one record at a time: quoted fields with `""`, LF or CRLF line ends, a
/// leading BOM, and a trailing newline or none. Lenient where ClubKit's own files need it: a
/// quote inside an unquoted field is kept as text. Blank lines are skipped.
final class RFC4180Reader {
    private let reader: ByteReader
    private var field: [UInt8] = []
    private var started = false

    package init(reader: ByteReader) {
        self.reader = reader
        field.reserveCapacity(256)
    }

    package var line: Int { reader.line }
    var bytesRead: Int { reader.offset }
    var totalBytes: Int? { reader.totalBytes }

    /// The next record, or nil at the end. Throws `ByteReadError` for unterminated quotes or bad UTF-8.
    func nextRecord() throws -> CSVRecord? {
        if !started {
            started = true
            try reader.skipByteOrderMark()
        }
        while true {
            guard try reader.peek() != nil else { return nil }
            let line = reader.line
            var fields: [String] = []
            var quoted: [Bool] = []
            var endOfRecord = false
            while !endOfRecord {
                let (text, wasQuoted, terminator) = try readField(line: line)
                fields.append(text)
                quoted.append(wasQuoted)
                endOfRecord = terminator != UInt8(ascii: ",")
            }
            if fields.count == 1, fields[0].isEmpty, !quoted[0] { continue }  // a blank line
            return CSVRecord(fields: fields, quoted: quoted, line: line)
        }
    }

    /// Reads one field; returns it, whether it was quoted, and what ended it (',', '\n', or nil at the end).
    private func readField(line: Int) throws -> (String, Bool, UInt8?) {
        field.removeAll(keepingCapacity: true)
        var wasQuoted = false
        if try reader.peek() == UInt8(ascii: "\"") {
            wasQuoted = true
            _ = try reader.next()
            while true {
                guard let byte = try reader.next() else {
                    throw ByteReadError(line: line, message: "unterminated quoted field (it starts on line \(line))")
                }
                if byte == UInt8(ascii: "\"") {
                    if try reader.peek() == UInt8(ascii: "\"") {
                        _ = try reader.next()
                        field.append(byte)
                        continue
                    }
                    break
                }
                field.append(byte)
            }
        }
        // Unquoted text, or anything after a closing quote, up to the delimiter.
        var terminator: UInt8?
        while let byte = try reader.next() {
            if byte == UInt8(ascii: ",") || byte == 0x0A { terminator = byte; break }
            if byte == 0x0D {
                if try reader.peek() == 0x0A { _ = try reader.next() }
                terminator = 0x0A
                break
            }
            field.append(byte)
        }
        guard let text = String(validUTF8: field) else {
            throw ByteReadError(line: reader.line - (terminator == 0x0A ? 1 : 0), message: "invalid UTF-8")
        }
        return (text, wasQuoted, terminator)
    }
}
