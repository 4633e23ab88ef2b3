import Foundation

/// OWASP's CSV-injection guard, made reversible: a cell starting with = + - @ TAB CR (or with
/// the guard's own `'`) gets a leading `'`; import removes exactly one.
package enum FormulaGuard {
    static let triggers: Set<UInt8> = [UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D,
                                       UInt8(ascii: "'")]

    package static func neutralize(_ text: String) -> String {
        guard let first = text.utf8.first, triggers.contains(first) else { return text }
        return "'" + text
    }

    static func restore(_ text: String) -> String {
        let bytes = text.utf8
        guard bytes.first == UInt8(ascii: "'"), let second = bytes.dropFirst().first, triggers.contains(second) else { return text }
        return String(text.dropFirst())
    }
}
