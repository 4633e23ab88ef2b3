import DeskUI
import Foundation
import MemberDeskTestSupport
@_spi(Testing) import MemberKit
import TerminalColumns

/// One front-desk scenario, lazygit-style: a database with members, the real loop on a headless
/// terminal, then taps (check-ins through `Club`, as the reader monitor makes them) and keys.
final class Scenario {
    let database: AppDatabase
    let club: Club
    let desk: HeadlessFrontDesk
    var terminal: HeadlessTerminal { desk.terminal }

    /// `path`: a database file (another connection can then write to it, as another process
    /// would); nil: in memory. `clock` drives the desk and its loop's deadlines. `bannerSeconds`:
    /// longer for a scenario whose key acts on the banner (F2 on a refusal, Enter on an unknown
    /// card), so that a loaded machine's pause between the banner and the key cannot fade it.
    init(members: [(name: String, pass: String)] = [("Ana López", "04A1B2C3"), ("山田太郎", "04A1B2C4")],
         enrolment: EnrolmentPolicy = .auto, width: Int = 100, height: Int = 30, path: String? = nil,
         clock: any DeskClock = SystemClock(), importer: ((AppDatabase) -> any ImportService)? = nil,
         operators: [StaffSeed] = [], idleMinutes: Double = 5, locked: Bool? = nil,
         occupancy: OccupancySettings = OccupancySettings(), bannerSeconds: TimeInterval = 5, quitWhenLocked: Bool = false) throws {
        database = try path.map { try AppDatabase.open(path: $0) } ?? AppDatabase.inMemory()
        club = Club(database: database, terminal: try database.terminalIdentity(name: "Desk 1"),
                    settings: ClubSettings(debounce: 60, enrolment: enrolment, occupancy: occupancy), bus: EventBus(), clock: clock)
        for member in members { try club.addMember(passId: member.pass, username: member.name) }
        for seed in operators {
            try club.addStaff(name: seed.name, role: seed.role, card: seed.card, pin: PIN(seed.pin), hasher: FakePINHasher(),
                              by: .cli(user: "test"))
        }
        var services = DeskServices(club: club, clock: clock, terminalName: "Desk 1", bannerSeconds: bannerSeconds,
                                    importer: importer?(database))
        // With operators the desk starts locked, as `staff.lock`'s default has it.
        services.staff = DeskStaffServices(hasher: FakePINHasher(), lockEnabled: locked ?? !operators.isEmpty,
                                           idleMinutes: idleMinutes, quitWhenLocked: quitWhenLocked)
        desk = HeadlessFrontDesk(services: services, width: width, height: height)
    }

    /// An operator for a scenario: name, role, PIN, and perhaps a staff card.
    struct StaffSeed {
        var name: String
        var role: StaffRole
        var pin: String
        var card: String? = nil
    }

    static let mia = StaffSeed(name: "Mia", role: .manager, pin: "4821", card: "04AA0001")
    static let bo = StaffSeed(name: "Bo", role: .desk, pin: "1111", card: "04BB0001")

    /// Signs in by name at the open sign-in dialog.
    func signIn(_ name: String, pin: String) throws {
        try waitFor("Operator:")
        terminal.type(name)
        terminal.press(.enter)
        terminal.type(pin)
        terminal.press(.enter)
    }

    /// The record's entries for `action`.
    func audit(_ action: AuditAction) throws -> [AuditEntry] {
        try database.auditEntries(AuditQuery(action: action))
    }

    /// A card on the reader: what `ReaderMonitor` does with a pass.
    func tap(_ pass: String) throws {
        try club.checkIn(passId: pass, source: .nfc)
    }

    @discardableResult
    func waitFor(_ text: String) throws -> String { try terminal.waitFor(text) }

    /// Waits for the member list's count and its selected row: the count and the rows are read
    /// by separate jobs, and F2, Enter or F8 before the rows arrive has no selection to act on.
    @discardableResult
    func waitForList(_ count: Int) throws -> String {
        try waitFor("Members (\(count)) with a member selected") { FrontDeskScreen.listShows(count, in: $0) }
    }

    @discardableResult
    func waitFor(_ what: String, _ condition: (String) -> Bool) throws -> String { try terminal.waitFor(what, condition) }

    deinit { desk.stop() }
}

/// The two screens every "text that fits" scenario runs on: the smallest supported and a wide one.
let screenSizes: [(width: Int, height: Int)] = [(80, 24), (200, 50)]

extension Scenario {
    convenience init(size: (width: Int, height: Int), members: [(name: String, pass: String)] = [("Ana López", "04A1B2C3"), ("山田太郎", "04A1B2C4")],
                     enrolment: EnrolmentPolicy = .auto, importer: ((AppDatabase) -> any ImportService)? = nil) throws {
        try self.init(members: members, enrolment: enrolment, width: size.width, height: size.height, importer: importer)
    }

    /// The text inside the dialog whose top border holds `title`, one string per row, borders and margins dropped.
    func dialogRows(titled title: String) -> [String] {
        let grid = terminal.grid
        guard let top = (0..<grid.height).first(where: { grid.text(row: $0).contains(title) }) else { return [] }
        // By display column: a wide name (山田太郎) left of the dialog takes two columns, one Character.
        let topLine = grid.text(row: top)
        // The dialog's own corner: the last one before its title (a pane's top border may share the row).
        guard let titleAt = topLine.range(of: title)?.lowerBound,
              let corner = topLine[..<titleAt].lastIndex(of: "┌") else { return [] }
        let left = TextWidth.of(String(topLine[..<corner]))
        var rows: [String] = []
        for y in (top + 1)..<grid.height {
            let line = Array(grid.text(row: y))
            var column = 0, index = 0
            while index < line.count, column < left {
                column += TextWidth.of(String(line[index]))
                index += 1
            }
            guard column == left, index < line.count, line[index] == "│" else { break }
            let inner = line[(index + 1)...]
            let end = inner.firstIndex(of: "│") ?? inner.endIndex
            rows.append(String(inner[..<end]).trimmingCharacters(in: .whitespaces))
        }
        return rows
    }

}
