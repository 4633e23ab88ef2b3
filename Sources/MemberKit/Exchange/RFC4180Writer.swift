import Foundation

/// Writes RFC 4180 CSV into a byte buffer: a field is quoted only when it must be (a comma,
/// a quote, a CR or an LF), or when the caller asks (to tell a real "<null>" from ClubKit's nil).
enum RFC4180Writer {
    static func needsQuotes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
    }

    /// One pass over the bytes in place: the exporter writes a million rows of these.
    static func appendField(_ text: String, to out: inout [UInt8], forceQuotes: Bool = false) {
        var copy = text
        copy.withUTF8 { bytes in
            guard forceQuotes || needsQuotes(bytes) else {
                out.append(contentsOf: bytes)
                return
            }
            out.append(UInt8(ascii: "\""))
            for byte in bytes {
                if byte == UInt8(ascii: "\"") { out.append(byte) }
                out.append(byte)
            }
            out.append(UInt8(ascii: "\""))
        }
    }

    package static func appendRecord(_ fields: [String], to out: inout [UInt8]) {
        for (index, field) in fields.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            appendField(field, to: &out)
        }
    }
}
