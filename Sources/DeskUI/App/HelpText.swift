/// The help screen's text: the desk's keys as `DeskKeymap` binds them (so help cannot drift
/// from the keys), then the keys of lists, text fields and dialogs.
public enum HelpText {
    static let title = "Help — memberdesk front desk"

    /// Everywhere else: keys the panes, text fields and dialogs take themselves.
    static let elsewhere: [(keys: String, help: String)] = [
        ("↑ ↓ PgUp PgDn Home End", "move in the member list, the event log, a review or this help"),
        ("← → Home End", "move in a text field; Backspace and Delete erase, Ctrl-U clears it"),
        ("Enter / Esc", "in a dialog: confirm or save / close without saving"),
    ]

    static let notes = [
        "A card reader in keyboard mode (a wedge) checks in by itself: no key needed.",
    ]

    /// Each line: the keys, padded to one column, then what they do.
    static var entries: [(keys: String, help: String)] {
        DeskKeymap.bindings.map { (keys: $0.keys.map(\.label).joined(separator: ", "), help: $0.help) } + elsewhere
    }

    /// The key column's width: the widest keys and two spaces.
    static var leadWidth: Int { (entries.map { $0.keys.count }.max() ?? 0) + 2 }

    public static var lines: [String] {
        let lead = leadWidth
        return entries.map { $0.keys.padding(toLength: lead, withPad: " ", startingAt: 0) + $0.help } + [""] + notes
    }

    static var dialog: NoticeDialog { NoticeDialog(title: title, lines: lines, leadWidth: leadWidth) }
}

extension DialogOpener {
    /// F1, `?`: the desk's keys.
    static let help = DialogOpener { _, _ in DialogOpening(.help(HelpText.dialog)) }
}
