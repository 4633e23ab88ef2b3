import FolderSync
import Foundation
import GRDB
import MemberDeskTestSupport
import PropertyBased
import Synchronization
import Testing
@testable import MemberKit

/// Automatic exits (closing time, the longest stay) are derived from the visit they close: every
/// desk that notices an open visit after closing makes the same exit and the same audit line, so
/// after sync there is one exit and one line per visit, and `audit` reads the same on every desk.
@Suite("Derived exits through sync")
struct DerivedExitSyncTests {
    static var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    /// Closing at 22:00 UTC, and stays of at most three hours, so both rules close visits.
    static let settings = ClubSettings(debounce: 0, occupancy: OccupancySettings(closingMinute: 22 * 60, maxStay: 3 * 3600, calendar: utc))

    /// The record as `audit --json` shows it: every field, oldest first (row numbers aside).
    static func record(_ terminal: SyncTestTerminal) throws -> [String] {
        try terminal.database.auditEntries(AuditQuery()).map {
            "\($0.time) \($0.entryId) \($0.deskId) \($0.desk) \($0.operator ?? "-") \($0.method) \($0.action) \($0.memberId ?? "-") \($0.detail.sorted { $0.key < $1.key })"
        }.sorted()
    }

    /// Automatic exits per visit, and the audit lines per automatic exit, at one desk.
    static func autoExits(_ terminal: SyncTestTerminal) throws -> (exits: [String], linesPerExit: [String: Int]) {
        try terminal.database.read { store in
            let exits = try String.fetchAll(store.db, sql: "SELECT eventId FROM visit_event WHERE kind = 'exit' AND exitKind = 'auto' ORDER BY eventId")
            var lines: [String: Int] = [:]
            for exit in exits {
                lines[exit] = try Int.fetchOne(store.db, sql: "SELECT count(*) FROM audit WHERE entryId = ?", arguments: [exit]) ?? 0
            }
            return (exits, lines)
        }
    }

    @Test("Kenji's visit at Front desk, closed by both desks at different moments, is one exit and one line on both")
    func twoDesksCloseOneVisit() throws {
        let desks = try TwoSyncDesks(folderPrefix: "derived-exit", settings: Self.settings)
        let evening = Date(timeIntervalSince1970: 1_795_464_000)  // 2026-11-23 20:00 UTC
        desks.clock.set(evening)
        let kenji = try desks.a.club.addMember(passId: "04AB0001", username: "Kenji Sato")
        _ = try desks.a.club.checkIn(passId: "04AB0001", source: .nfc)
        func pass(_ sync: DeskSync, _ terminal: SyncTestTerminal) throws {
            _ = try sync.writer.write()
            _ = try StaffSync(database: terminal.database, terminal: terminal.club.terminal, folder: SyncFolder(path: desks.folder, files: LocalSyncFolderFiles()), clock: terminal.club.clock).pass()
            _ = try sync.reader.read()
        }
        try pass(desks.syncA, desks.a)
        try pass(desks.syncB, desks.b)
        #expect(try desks.b.club.insideCount() == 1)
        // Back desk notices at 22:05, Front desk only at 23:40: neither has heard of the other's exit.
        desks.clock.set(evening.addingTimeInterval(2 * 3600 + 300))
        #expect(try desks.b.club.closeOverdueVisits() == 1)
        desks.clock.set(evening.addingTimeInterval(3 * 3600 + 2400))
        #expect(try desks.a.club.closeOverdueVisits() == 1)
        for _ in 0..<2 {
            try pass(desks.syncA, desks.a)
            try pass(desks.syncB, desks.b)
        }
        let front = try Self.record(desks.a), back = try Self.record(desks.b)
        #expect(front == back)
        let exits = try desks.a.database.auditEntries(AuditQuery(action: .exit))
        #expect(exits.count == 1)
        // Made at the closing instant, for the visit's desk, by the rule: no desk's name.
        #expect(exits.first?.time == evening.timeIntervalSince1970 + 2 * 3600)
        #expect(exits.first?.deskId == desks.a.club.terminal.id && exits.first?.desk == AuditEntry.closingRuleMaker)
        #expect(exits.first?.memberId == kenji.memberId)
        for terminal in [desks.a, desks.b] {
            let derived = try Self.autoExits(terminal)
            #expect(derived.exits.count == 1 && derived.linesPerExit.values.allSatisfy { $0 == 1 })
        }
        #expect(try desks.a.state() == desks.b.state())
    }

    @Test("a desk that only merges another desk's automatic exit holds its audit line too")
    func aMergedExitBringsItsLine() throws {
        let desks = try TwoSyncDesks(folderPrefix: "derived-exit-merged", settings: Self.settings)
        let evening = Date(timeIntervalSince1970: 1_795_464_000)
        desks.clock.set(evening)
        try desks.a.club.addMember(passId: "04AB0002", username: "Ana")
        _ = try desks.a.club.checkIn(passId: "04AB0002", source: .nfc)
        _ = try desks.syncA.writer.write()
        _ = try desks.syncB.reader.read()
        // Front desk closes its visit; Back desk merges that exit before it looks itself.
        desks.clock.set(evening.addingTimeInterval(2 * 3600 + 60))
        #expect(try desks.a.club.closeOverdueVisits() == 1)
        _ = try desks.syncA.writer.write()
        _ = try desks.syncB.reader.read()
        #expect(try desks.b.club.closeOverdueVisits() == 0)
        let exits = { (terminal: SyncTestTerminal) in try Self.record(terminal).filter { $0.contains(" exit ") } }
        #expect(try exits(desks.b) == exits(desks.a))
        #expect(try desks.b.database.auditEntries(AuditQuery(action: .exit)).count == 1)
    }

    static let history = Gen.int(in: 0...1_000_000).array(of: 10...60)
    static let histories = 12

    /// Shrinking is off: a history takes about a second, and shrinking one of 60 numbers ran for
    /// minutes; a failing history is reported at once, with its input and seed.
    @Test("three desks deriving exits for the same visits, files carried late, twice, out of order, end with one exit and one line each, the same everywhere",
          .shrinking(false))
    func threeDesksConverge() async throws {
        let derivedTwice = Mutex(0)
        await propertyCheck(count: Self.histories, input: Self.history) { steps in
            let world = try DerivedExitWorld()
            for code in steps { try world.step(code) }
            try world.settle()
            let records = try world.terminals.map(Self.record)
            #expect(records[0] == records[1] && records[1] == records[2])
            let states = try world.terminals.map { try $0.state() }
            #expect(states[0] == states[1] && states[1] == states[2])
            for terminal in world.terminals {
                let derived = try Self.autoExits(terminal)
                #expect(derived.linesPerExit.values.allSatisfy { $0 == 1 }, "\(derived.linesPerExit)")
                // One automatic exit per visit at most: its id names the entry it closes.
                let closed = derived.exits.map { $0.split(separator: "-").dropFirst().dropLast().joined(separator: "-") }
                #expect(Set(closed).count == closed.count)
                // Nobody is left inside once closing time has passed everywhere, and nobody counts twice.
                let inside = try terminal.insideByLaw()
                #expect(inside.law.isEmpty && inside.store.isEmpty && inside.count == 0)
                let spans = try terminal.database.visitSpans()
                #expect(spans.count == (try terminal.eventCount("entry")))
            }
            derivedTwice.withLock { $0 += world.derivedOnSeveralDesks() > 0 ? 1 : 0 }
        }
        // Many histories did close a visit on more than one desk independently (about 70% of them).
        #expect(derivedTwice.withLock { $0 } * 4 > Self.histories, "\(derivedTwice.withLock { $0 }) of \(Self.histories)")
    }
}

/// Three desks with a closing time, each with its own view of the folder, and a carrier that
/// copies files late, twice and out of order; desks notice closing time whenever they are asked.
final class DerivedExitWorld {
    let clock: FakeClock
    let root: String
    let terminals: [SyncTestTerminal]
    let syncs: [DeskSync]
    /// The automatic exits each desk made itself (not merged), by event id.
    private var madeBy: [String: Set<Int>] = [:]
    static let passes = ["04CC0001", "04CC0002", "04CC0003"]

    init() throws {
        let clock = FakeClock(Date(timeIntervalSince1970: 1_795_392_000 + 8 * 3600))  // 2026-11-23 08:00 UTC
        let root = NSTemporaryDirectory() + "memberdesk-derived-\(UUID().uuidString)"
        self.clock = clock
        self.root = root
        let terminals = try ["T1", "T2", "T3"].map { try SyncTestTerminal(id: $0, clock: clock, settings: DerivedExitSyncTests.settings) }
        self.terminals = terminals
        syncs = try terminals.enumerated().map { index, terminal in
            try FileManager.default.createDirectory(atPath: root + "/view\(index)", withIntermediateDirectories: true)
            return DeskSync(database: terminal.database, files: LocalSyncFolderFiles(), settings: SyncSettings(folder: root + "/view\(index)", mergeChunk: 2),
                            terminal: terminal.club.terminal, clock: clock)
        }
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func step(_ code: Int) throws {
        let index = code % 3
        let terminal = terminals[index]
        switch (code / 3) % 10 {
        case 0, 1:
            _ = try terminal.club.checkIn(passId: Self.passes[(code / 24) % Self.passes.count], source: .nfc)
        case 2:
            // A staff check-out, which may come before or after another desk's automatic exit.
            _ = try terminal.club.checkOut(passId: Self.passes[(code / 24) % Self.passes.count])
        case 3:
            clock.advance(by: Double(600 + (code / 24) % 5 * 3600))
        case 4:
            try notice(index)
        case 5:
            try write(index)
        case 6:
            let to = (index + 1 + (code / 24) % 2) % 3
            let files = try outbox(index)
            if !files.isEmpty { try deliver(files[(code / 48) % files.count], from: index, to: to) }
        case 7:
            try read(index)
        default:  // 8, 9
            // A whole hop: what this desk knows reaches one other desk, so that two desks hold the
            // same open visits and both close them, neither having heard of the other's exit.
            let to = (index + 1 + (code / 24) % 2) % 3
            try write(index)
            for name in try outbox(index) { try deliver(name, from: index, to: to) }
            try read(to)
        }
    }

    /// Desk `index` asks who is inside: closing time caught up, as every tap and the timers do.
    func notice(_ index: Int) throws {
        let before = Set(try DerivedExitSyncTests.autoExits(terminals[index]).exits)
        _ = try terminals[index].club.closeOverdueVisits()
        for made in Set(try DerivedExitSyncTests.autoExits(terminals[index]).exits).subtracting(before) {
            madeBy[made, default: []].insert(index)
        }
    }

    /// Every file desk `from` has written so far, in desk `to`'s view of the folder.
    func deliverAll(from: Int, to: Int) throws {
        for name in try outbox(from) { try deliver(name, from: from, to: to) }
    }

    func derivedOnSeveralDesks() -> Int { madeBy.values.filter { $0.count > 1 }.count }

    func write(_ index: Int) throws {
        _ = try syncs[index].writer.write()
        _ = try staffSync(index).pass()
    }

    func read(_ index: Int) throws {
        _ = try syncs[index].reader.read()
        _ = try staffSync(index).pass()
    }

    private func staffSync(_ index: Int) -> StaffSync {
        StaffSync(database: terminals[index].database, terminal: terminals[index].club.terminal, folder: SyncFolder(path: root + "/view\(index)", files: LocalSyncFolderFiles()), clock: terminals[index].club.clock)
    }

    func outbox(_ from: Int) throws -> [String] {
        let directory = root + "/view\(from)/" + terminals[from].club.terminal.id
        guard FileManager.default.fileExists(atPath: directory) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: directory).filter { !$0.hasPrefix(".") }.sorted()
    }

    func deliver(_ name: String, from: Int, to: Int) throws {
        let id = terminals[from].club.terminal.id
        let target = root + "/view\(to)/" + id
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        guard let data = FileManager.default.contents(atPath: root + "/view\(from)/" + id + "/" + name) else { return }
        try data.write(to: URL(fileURLWithPath: target + "/" + name))
    }

    /// A day later every desk has noticed, written, and read everything, until nothing changes.
    func settle() throws {
        clock.advance(by: 86_400)
        for _ in 0..<3 {
            for index in 0..<3 { try notice(index); try write(index) }
            for from in 0..<3 { for to in 0..<3 where from != to { for name in try outbox(from) { try deliver(name, from: from, to: to) } } }
            for index in 0..<3 { try read(index) }
        }
    }
}
