/// Why the front desk cannot start on this terminal: one line for the user.
public struct TerminalUnavailable: Error, CustomStringConvertible {
    public var description: String
}
