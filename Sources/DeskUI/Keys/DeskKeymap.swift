import DeskLanguage

/// One of the desk's own keys: the keys that do it, what it does, how help describes it, and its
/// label on the function bar (long and short), if it has one there, with how long it stays on a
/// bar too narrow for every label (`FunctionBar`).
struct DeskKeyBinding: Sendable {
    let keys: [Key]
    let command: DeskCommand
    let help: String
    var bar: (long: String, short: String)? = nil
    var barPriority = FunctionBar.Priority.normal
}

/// The desk's own keys (the function bar and its letters), when no dialog is open and no text
/// field has the focus. Movement keys are left to the focused pane. Help and the function bar
/// are drawn from this table, so they cannot drift from what the keys do.
enum DeskKeymap {
    /// Quits from anywhere, dialogs and text fields included (asking first when a form holds typed text).
    static let interrupt = Key.control("c")
    /// Locks the desk from anywhere (a form's typed text waits behind the lock); signs in when locked.
    static let lock = Key.control("l")

    static let bindings: [DeskKeyBinding] = [
        DeskKeyBinding(keys: [.function(1), .character("?")], command: .open(.help), help: tr("this help"), bar: (tr("Help"), tr("Help"))),
        DeskKeyBinding(keys: [.function(2)], command: .open(.editSelected), help: tr("member detail and edit form"), bar: (tr("Edit"), tr("Edit"))),
        DeskKeyBinding(keys: [.enter], command: .open(.enrolOrEdit),
                       help: tr("edit the selected member; on an unknown-card banner, enrol the card")),
        DeskKeyBinding(keys: [.function(3), .character("/")], command: .startSearch,
                       help: tr("search name, pass and email as you type (Enter keeps the filter, Esc clears it)"),
                       bar: (tr("Search"), tr("Search"))),
        DeskKeyBinding(keys: [.function(4), .character("c")], command: .open(.checkIn), help: tr("check in by pass id (type or paste it); a name offers the members it matches"),
                       bar: (tr("Check in"), tr("Check"))),
        DeskKeyBinding(keys: [.character("v")], command: .checkInSelected,
                       help: tr("check in the selected member (a forgotten card): the rules of a tap, recorded as manual"),
                       bar: (tr("Check in selected"), tr("In"))),
        DeskKeyBinding(keys: [.character("g")], command: .open(.checkInWithGuests),
                       help: tr("check in the selected member with guests: they count inside and use the plan's guest allowance")),
        DeskKeyBinding(keys: [.character("i")], command: .toggleInside,
                       help: tr("Inside now: who is inside, by entry time, and for how long (again: all members)"),
                       bar: (tr("Inside"), tr("Inside"))),
        DeskKeyBinding(keys: [.character("x")], command: .checkOutSelected,
                       help: tr("check the selected member out (a staff check-out; it counts no visit)"),
                       bar: (tr("Check out"), tr("Out"))),
        DeskKeyBinding(keys: [.function(5)], command: .open(.export), help: tr("export the members to a .musrl, .mucsv or .csv file"),
                       bar: (tr("Export"), tr("Export")), barPriority: FunctionBar.Priority.rare),
        DeskKeyBinding(keys: [.function(6)], command: .open(.importFile),
                       help: tr("import a .musrl, .mucsv or .csv file (you review the changes before they are saved)"),
                       bar: (tr("Import"), tr("Import")), barPriority: FunctionBar.Priority.rare),
        DeskKeyBinding(keys: [.function(7), .character("n")], command: .open(.newMember), help: tr("new member"), bar: (tr("New"), tr("New"))),
        DeskKeyBinding(keys: [.function(8), .delete], command: .open(.confirmDelete),
                       help: tr("delete the selected member (asks first)"), bar: (tr("Delete"), tr("Delete"))),
        DeskKeyBinding(keys: [.function(9)], command: .toggleRegions, help: tr("regions on/off"), bar: (tr("Regions"), tr("Region"))),
        DeskKeyBinding(keys: [.function(10), .character("q"), DeskKeymap.interrupt], command: .quit,
                       help: tr("quit (a locked desk asks for a sign-in first); Ctrl-C quits from anywhere, and asks first when a form holds text you typed"),
                       bar: (tr("Quit"), tr("Quit"))),
        DeskKeyBinding(keys: [.character("w")], command: .open(.walletPass),
                       help: tr("write the selected member's Apple Wallet pass (and say the Google link's length)"),
                       bar: (tr("Wallet"), tr("Wallet")), barPriority: FunctionBar.Priority.rare),
        DeskKeyBinding(keys: [.character("o")], command: .cycleSort, help: tr("sort by last visit, name, visits, expiry or visits left")),
        DeskKeyBinding(keys: [.character("e")], command: .toggleExpiring, help: tr("only members expiring within plans.warn_days days (14 unless set)")),
        DeskKeyBinding(keys: [.character("s")], command: .toggleStats, help: tr("stats view: check-ins per hour and per day")),
        DeskKeyBinding(keys: [.tab, .backTab], command: .switchFocus,
                       help: tr("move between the member list and the event log (Enter on a log line shows it whole)")),
        DeskKeyBinding(keys: [.character("b")], command: .swapSidePane, help: tr("narrow screens: show the beacons or the event log")),
        DeskKeyBinding(keys: [.escape], command: .escape, help: tr("dismiss the banner, or clear the search")),
        DeskKeyBinding(keys: [DeskKeymap.lock], command: .lock,
                       help: tr("lock the desk now (taps still check in); when locked, sign in with your card or name and PIN")),
        DeskKeyBinding(keys: [.character("l")], command: .letInAnyway,
                       help: tr("let the refused member on the banner in anyway (managers; recorded as an override)")),
        DeskKeyBinding(keys: [.character("a")], command: .open(.audit), help: tr("the record of who did what (managers)")),
        DeskKeyBinding(keys: [.character("$")], command: .open(.sellPlan),
                       help: tr("sell a plan of the catalogue to the selected member, with its price (managers; recorded as a sale)")),
    ]

    private static let byKey: [Key: DeskCommand] = {
        var map: [Key: DeskCommand] = [:]
        for binding in bindings { for key in binding.keys where map[key] == nil { map[key] = binding.command } }
        return map
    }()

    static func command(for key: Key) -> DeskCommand? { byKey[key] }
}

extension DialogOpener {
    /// Enter on the desk: enrol the banner's unknown card, else edit the selected member.
    static let enrolOrEdit = DialogOpener.enrol.orElse(.editListed)
}
