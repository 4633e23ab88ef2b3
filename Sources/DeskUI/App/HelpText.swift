/// The help screen's text: one place, in step with the keys above and the README.
public enum HelpText {
    public static let lines = [
        "F1 or ?      this help",
        "F2 or Enter  member detail and edit (Enter on an unknown-card banner: enrol)",
        "F3 or /      search name, pass and email as you type (Enter keeps, Esc clears)",
        "F4 or c      check in by pass id (type or paste)",
        "F5           export members          F6  import a .musrl or .mucsv file",
        "F7 or n      new member              F8 or Delete  delete the selected member",
        "F9           regions on/off          F10 or q      quit",
        "o            sort: last visit, name, visits",
        "s            stats view (check-ins per hour and per day)",
        "Tab          move between the member list and the event log",
        "b            narrow screens: show beacons or the event log",
        "↑ ↓ PgUp PgDn Home End   move;  Esc  close, clear the search, or dismiss the banner",
        "A card reader in keyboard mode (a wedge) checks in by itself: no key needed.",
    ]
}
