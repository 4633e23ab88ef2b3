import Foundation

/// One CSV record: its fields, which of them were quoted, and the line it starts on.
public struct CSVRecord: Sendable, Equatable {
    public var fields: [String]
    public var quoted: [Bool]
    public var line: Int
}

/// Reads RFC 4180 CSV one record at a time: quoted fields with `""`, LF or CRLF line ends, a
/// leading BOM, and a trailing newline or none. Lenient where ClubKit's own files need it: a
/// quote inside an unquoted field is kept as text. Blank lines are skipped.
public final class RFC4180Reader {
    private let reader: ByteReader
    private var field: [UInt8] = []
    private var started = false

    public init(reader: ByteReader) {
        self.reader = reader
        field.reserveCapacity(256)
    }

    public var line: Int { reader.line }
    public var bytesRead: Int { reader.offset }
    public var totalBytes: Int? { reader.totalBytes }

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

/// Writes RFC 4180 CSV into a byte buffer: a field is quoted only when it must be (a comma,
/// a quote, a CR or an LF), or when the caller asks (to tell a real "<null>" from ClubKit's nil).
public enum RFC4180Writer {
    public static func needsQuotes(_ text: String) -> Bool {
        var copy = text
        return copy.withUTF8 { bytes in
            for byte in bytes where byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 0x0A || byte == 0x0D {
                return true
            }
            return false
        }
    }

    public static func appendField(_ text: String, to out: inout [UInt8], forceQuotes: Bool = false) {
        guard forceQuotes || needsQuotes(text) else {
            var copy = text
            copy.withUTF8 { out.append(contentsOf: $0) }
            return
        }
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\"") { out.append(byte) }
            out.append(byte)
        }
        out.append(UInt8(ascii: "\""))
    }

    public static func appendRecord(_ fields: [String], to out: inout [UInt8]) {
        for (index, field) in fields.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            appendField(field, to: &out)
        }
    }
}
