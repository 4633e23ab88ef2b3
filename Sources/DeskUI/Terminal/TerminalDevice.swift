/// The screen and keyboard as the run loop sees them. `CursesTerminal` is the real one;
/// tests and the bench use a headless one.
public protocol TerminalDevice: AnyObject {
    var width: Int { get }
    var height: Int { get }
    /// The next key, waiting at most `timeout` milliseconds (0: do not wait).
    func readKey(timeout: Int) -> Key?
    /// Shows `grid`, sending only the rows that differ from `previous`.
    func draw(_ grid: CellGrid, previous: CellGrid?)
}

/// Why the front desk cannot start on this terminal: one line for the user.
public struct TerminalUnavailable: Error, CustomStringConvertible {
    public var description: String
}
