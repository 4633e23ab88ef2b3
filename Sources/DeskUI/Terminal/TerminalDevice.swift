/// The screen and keyboard as the run loop sees them. `CursesTerminal` is the real one;
/// tests and the bench use `HeadlessTerminal` (MemberDeskTestSupport), a cell grid with scripted keys.
public protocol TerminalDevice: AnyObject {
    var width: Int { get }
    var height: Int { get }
    /// Readable (poll(2)) when a key may be waiting; the loop sleeps on it.
    var inputDescriptor: Int32 { get }
    /// The next key already typed, without waiting; nil when there is none.
    func readKey() -> Key?
    /// Shows `grid`, sending only the rows that differ from `previous`.
    func draw(_ grid: CellGrid, previous: CellGrid?)
}
