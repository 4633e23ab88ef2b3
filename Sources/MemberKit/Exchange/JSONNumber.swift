import Foundation

/// JSON number grammar and Foundation's Int-or-Double choice, shared with the CSV readers.
enum JSONNumber {
    /// Any valid JSON number: `.int` or `.double` when `JSONWriter` writes that value back as
    /// the same text (what JSONEncoder wrote comes back byte for byte), else `.number(text)`, so
    /// a number too long, too large or spelled otherwise (`1.50`, `1E2`, `-0`) is kept verbatim.
    static func parse(_ text: String, isInteger: Bool) -> JSONValue? {
        guard isValid(text) else { return nil }
        // Valid integer text never has leading zeros or a '+': Int's digits are the same text, but for -0.
        if isInteger, let int = Int(text) { return int == 0 && text != "0" ? .number(text) : .int(int) }
        guard !isInteger, let double = Double(text), double.isFinite else { return .number(text) }
        let value: JSONValue
        if double == double.rounded(), abs(double) < 9.007_199_254_740_992e15, let int = Int(exactly: double) {
            value = .int(int)
        } else {
            value = .double(double)
        }
        return JSONWriter.text(value) == text ? value : .number(text)
    }

    /// RFC 8259's number: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
    static func isValid(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        func digits(_ s: inout Substring.UTF8View.SubSequence) -> Int {
            var n = 0
            while let b = s.first, b >= 0x30, b <= 0x39 { s = s.dropFirst(); n += 1 }
            return n
        }
        let leadingZero = bytes.first == UInt8(ascii: "0")
        let intDigits = digits(&bytes)
        guard intDigits > 0, !(leadingZero && intDigits > 1) else { return false }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            guard digits(&bytes) > 0 else { return false }
        }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            guard digits(&bytes) > 0 else { return false }
        }
        return bytes.isEmpty
    }
}
