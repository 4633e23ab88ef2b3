import DeskLanguage
import TerminalColumns

/// The help screen's text: the desk's keys as `DeskKeymap` binds them (so help cannot drift
/// from the keys), then the keys of lists, text fields and dialogs.
public enum HelpText {
    static var title: String { tr("Help — memberdesk front desk") }

    /// Everywhere else: keys the panes, text fields and dialogs take themselves.
    static var elsewhere: [(keys: String, help: String)] { [
        ("↑ ↓ PgUp PgDn Home End", tr("move in the member list, the event log, a review or this help")),
        ("← → Home End", tr("move in a text field; Backspace and Delete erase, Ctrl-U clears it")),
        ("Enter / Esc", tr("in a dialog: confirm or save / close without saving")),
    ] }

    static var notes: [String] { [
        tr("A card reader in keyboard mode (a wedge) checks in by itself: no key needed."),
    ] }

    /// Each line: the keys, padded to one column, then what they do.
    static var entries: [(keys: String, help: String)] {
        DeskKeymap.bindings.map { (keys: $0.keys.map(\.label).joined(separator: ", "), help: $0.help) } + elsewhere
    }

    /// The key column's width: the widest keys and two spaces.
    static var leadWidth: Int { (entries.map { TextWidth.of($0.keys) }.max() ?? 0) + 2 }

    public static var lines: [String] {
        let lead = leadWidth
        return entries.map { TextWidth.pad($0.keys, to: lead) + $0.help } + [""] + notes
    }

    static var dialog: NoticeDialog { NoticeDialog(title: title, lines: lines, leadWidth: leadWidth) }
}

extension DialogOpener {
    /// F1, `?`: the desk's keys.
    static let help = DialogOpener { _, _ in DialogOpening(.help(HelpText.dialog)) }
}
