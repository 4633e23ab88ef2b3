import Foundation

/// JSON number grammar and Foundation's Int-or-Double choice, shared with the CSV readers.
enum JSONNumber {
    static func parse(_ text: String, isInteger: Bool) -> JSONValue? {
        guard isValid(text) else { return nil }
        if isInteger, let int = Int(text) { return .int(int) }
        guard let double = Double(text), double.isFinite else { return nil }
        if double == double.rounded(), abs(double) < 9.007_199_254_740_992e15, let int = Int(exactly: double) {
            return .int(int)
        }
        return .double(double)
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
