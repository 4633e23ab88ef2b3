import Foundation

/// Writes RFC 4180 CSV into a byte buffer: a field is quoted only when it must be (a comma,
/// a quote, a CR or an LF), or when the caller asks (to tell a real "<null>" from ClubKit's nil).
enum RFC4180Writer {
    static func needsQuotes(_ text: String) -> Bool {
        var copy = text
        return copy.withUTF8 { bytes in
            for byte in bytes where byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 0x0A || byte == 0x0D {
                return true
            }
            return false
        }
    }

    static func appendField(_ text: String, to out: inout [UInt8], forceQuotes: Bool = false) {
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

    package static func appendRecord(_ fields: [String], to out: inout [UInt8]) {
        for (index, field) in fields.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            appendField(field, to: &out)
        }
    }
}
