import Foundation
import MemberKit

/// One way a dialog opens from the desk: the least role it needs, and what it opens on the desk as
/// it is. Each dialog declares its openers beside its feature, in its own file
/// (`extension DialogOpener { static let checkIn = … }` in `PromptDialog.swift`); a key binds
/// `.open(.checkIn)` in `DeskKeymap`, and the reducer performs every opener alike. So adding a
/// dialog touches its own file, `DeskDialog`'s composition and the keymap, never the reducer.
///
/// A dialog that opens on a job's answer rather than at once (the wallet pass's notice, the audit
/// view) starts the job here; its feature opens it with the result (`AuditFeature`).
public struct DialogOpener: Sendable, Equatable, CustomStringConvertible {
    /// Names the opener: two openers are the same when their names are (a closure has no equality).
    public let name: String
    /// The least role opening needs (nil: open to all, locked or not). Checked before `open` runs.
    let permission: StaffPermission?
    private let opening: @Sendable (DeskState, Date) -> DialogOpening?

    /// `name`: the static property's own name unless given.
    init(_ name: String = #function, permission: StaffPermission? = nil,
         _ opening: @escaping @Sendable (DeskState, Date) -> DialogOpening?) {
        self.name = name
        self.permission = permission
        self.opening = opening
    }

    /// What opens on `state` at `now`; nil when there is nothing to open (no member selected).
    func open(_ state: DeskState, now: Date) -> DialogOpening? { opening(state, now) }

    /// This opener, or `other` when this one has nothing to open (Enter: enrol the banner's pass,
    /// else edit the selected member). Both are open to all: the lock asks before knowing which opens.
    func orElse(_ other: DialogOpener) -> DialogOpener {
        precondition(permission == nil && other.permission == nil, "orElse joins openers open to all")
        return DialogOpener("\(name) or \(other.name)") { state, now in
            open(state, now: now) ?? other.open(state, now: now)
        }
    }

    /// What this opener comes to on the desk as it is: what opens, or a note saying why nothing did.
    /// Keys reach the desk only with no dialog open, so a dialog here came back at a sign-in (set
    /// aside with typed text by the lock): it stays, and this opener is not run over it.
    func attempt(on state: DeskState, now: Date) -> DialogAttempt {
        if let open = state.dialog, open.holdsTypedText {
            return DialogAttempt(notes: [DeskNote(text: Self.notOverTypedText, tone: .warning)])
        }
        if let opening = open(state, now: now) { return DialogAttempt(opening: opening) }
        // No selection yet, only because its row is still on its way: not ignored without a word.
        guard state.listSelectionLoading else { return DialogAttempt() }
        return DialogAttempt(notes: [DeskNote(text: Self.onceListed, tone: .info)], waitsForTheList: true)
    }

    /// The log's line when an opener finds no selection because the list's rows are not read yet
    /// (a key a split second after the start or a search): it runs again when they arrive.
    static let onceListed = "member list: still loading; what you asked for opens once the selected member's row is read"

    /// The log's line when an opener is not run over a dialog holding typed text.
    static let notOverTypedText = "sign-in: the dialog set aside with its typed text is back; the one asked for did not open over it"

    public static func == (a: DialogOpener, b: DialogOpener) -> Bool { a.name == b.name }
    public var description: String { name }
}

/// What an opener opens: the dialog (nil: none yet, as a wallet pass opens its notice once it is
/// written), and the jobs it starts (the form reads the member's visits).
struct DialogOpening: Sendable, Equatable {
    var dialog: DeskDialog?
    var effects: [DeskEffect] = []

    init(_ dialog: DeskDialog?, effects: [DeskEffect] = []) {
        self.dialog = dialog
        self.effects = effects
    }
}

/// What performing an opener hands the parent, as a child's output: the opening's dialog and jobs,
/// the log's note when nothing opened, and whether to try again once the list's row is read.
struct DialogAttempt: DeskChildOutput {
    var opening: DialogOpening?
    var notes: [DeskNote] = []
    var waitsForTheList = false

    var effects: [DeskEffect] { opening?.effects ?? [] }
    var redraw: Bool { false }
}
