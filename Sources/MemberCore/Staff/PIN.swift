/// A staff member's PIN: 4 to 12 digits. It lives only in memory, long enough to be hashed or
/// checked; `description` never shows its digits, so a log or an error cannot leak it.
public struct PIN: Sendable, Equatable, CustomStringConvertible {
    public let digits: String

    static let lengths = 4...12

    /// Checks the rule; the error says what is wrong, never the digits typed.
    public init(_ text: String) throws {
        guard text.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw DeskError.invalidInput("a PIN is digits only (4 to 12)")
        }
        guard Self.lengths.contains(text.count) else {
            throw DeskError.invalidInput("a PIN is 4 to 12 digits, not \(text.count)")
        }
        digits = text
    }

    public var description: String { "PIN(••••)" }
}
