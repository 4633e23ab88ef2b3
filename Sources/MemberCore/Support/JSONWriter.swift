import Foundation

/// Compact JSON as Foundation's JSONEncoder writes it (`/` as `\/`, integral doubles without
/// ".0", non-ASCII as UTF-8), with object keys sorted so that equal values give equal bytes.
package enum JSONWriter {
    /// The value as JSON text.
    package static func text(_ value: JSONValue) -> String {
        var out: [UInt8] = []
        append(value, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `csvQuoted` doubles every quote written, for JSON inside a quoted CSV field.
    package static func append(_ value: JSONValue, to out: inout [UInt8], csvQuoted: Bool = false) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .int(let int): out.append(contentsOf: String(int).utf8)
        case .double(let double): appendNumber(double, to: &out)
        case .number(let text): out.append(contentsOf: text.utf8)
        case .string(let text): appendString(text, to: &out, csvQuoted: csvQuoted)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                append(item, to: &out, csvQuoted: csvQuoted)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            out.append(UInt8(ascii: "{"))
            for (index, key) in object.keys.sorted().enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                appendString(key, to: &out, csvQuoted: csvQuoted)
                out.append(UInt8(ascii: ":"))
                append(object[key]!, to: &out, csvQuoted: csvQuoted)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    package static func appendNumber(_ value: Double, to out: inout [UInt8]) {
        // Integral values (most times) as digits, without a String in between.
        if value == value.rounded(), abs(value) < 1e15 {
            appendInteger(Int(value), to: &out)
            return
        }
        // JSON has no NaN or infinity; the store never holds them, but never write invalid JSON.
        var text = value.isFinite ? ExchangeNumber.text(value) : "0"  // a small String: no allocation
        text.withUTF8 { out.append(contentsOf: $0) }
    }

    /// Digits straight into the buffer, through a small stack buffer (no String in between).
    package static func appendInteger(_ value: Int, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = 20
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// `escapingSlash` false writes `/` as itself, as JSONEncoder does with `.withoutEscapingSlashes`
    /// (the audit record's details).
    package static func appendString(_ text: String, to out: inout [UInt8], csvQuoted: Bool = false, escapingSlash: Bool = true) {
        var copy = text
        copy.withUTF8 { bytes in
            appendQuote(to: &out, csvQuoted: csvQuoted)
            // Most strings need no escape: copy them in one go.
            var plainUpTo = 0
            while plainUpTo < bytes.count, !needsEscape(bytes[plainUpTo]) { plainUpTo += 1 }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[..<plainUpTo]))
            for byte in bytes[plainUpTo...] {
                if !escapingSlash, byte == UInt8(ascii: "/") {
                    out.append(byte)
                    continue
                }
                appendEscaped(byte, to: &out)
                if csvQuoted, byte == UInt8(ascii: "\"") { out.append(byte) }
            }
            appendQuote(to: &out, csvQuoted: csvQuoted)
        }
    }

    @inline(__always)
    package static func appendQuote(to out: inout [UInt8], csvQuoted: Bool) {
        out.append(UInt8(ascii: "\""))
        if csvQuoted { out.append(UInt8(ascii: "\"")) }
    }

    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "/")
    }

    private static func appendEscaped(_ byte: UInt8, to out: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
        case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
        case UInt8(ascii: "/"): out.append(contentsOf: [0x5C, 0x2F])
        case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
        case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
        case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
        case 0x08: out.append(contentsOf: [0x5C, UInt8(ascii: "b")])
        case 0x0C: out.append(contentsOf: [0x5C, UInt8(ascii: "f")])
        case 0..<0x20:
            let hex = Array("0123456789abcdef".utf8)
            out.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 15)]])
        default: out.append(byte)
        }
    }
}
