import Foundation

/// One dialog's reducer and view, as `DeskDialog` composes them. A dialog conforms in its own
/// file, and declares there how it opens (its `DialogOpener`s); the enum names it with a case and
/// one line in `withFeature`, a key binds `.open(opener)` in `DeskKeymap`, and nothing else changes.
/// Each requirement changes the dialog only and answers what its parent does next.
protocol DeskDialogFeature: Sendable, Equatable {
    /// A key: stay open or close, and perhaps a command for the desk.
    mutating func onKey(_ key: Key, screen: Rect) -> DialogReply
    func render(into grid: inout CellGrid, now: Date)
    /// Is a text field taking keys? Then a fast burst is typing (or a paste), not a scan.
    var takesText: Bool { get }
    /// Text typed here would be lost by quitting: Ctrl-C asks first.
    var holdsTypedText: Bool { get }
    /// The dialog this one was opened over, shown again when this one closes (the sign-in, the quit question).
    var closesBackTo: DeskDialog? { get }
    /// A command this dialog sent is performed now, past the lock (the form marks itself saving).
    mutating func performing(_ command: DeskCommand)
    /// The lock holds this dialog's command back until a PIN is given (the form is not saving meanwhile).
    mutating func heldForPIN(_ command: DeskCommand)
}

extension DeskDialogFeature {
    var takesText: Bool { false }
    var holdsTypedText: Bool { false }
    var closesBackTo: DeskDialog? { nil }
    mutating func performing(_ command: DeskCommand) {}
    mutating func heldForPIN(_ command: DeskCommand) {}
}
