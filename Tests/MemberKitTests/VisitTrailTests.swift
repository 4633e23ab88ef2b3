import Foundation
import GRDB
import MemberDeskTestSupport
@_spi(Testing) @testable import MemberKit
import Testing

/// The visit trail (`visit`: the entries counted here, then `visit_archive` once pruned): a tap
/// writes its visit once, as its entry; pruning old events keeps the trail whole; an upgraded
/// database keeps the visits it recorded before; a tap's commit stays within its pages of log.
@Suite struct VisitTrailTests {
    static func trail(_ database: AppDatabase) throws -> [VisitRecord] {
        try database.read { store in
            try Row.fetchAll(store.db, sql: "SELECT visitId, memberId, terminalId, time, source FROM visit ORDER BY time, visitId").map {
                VisitRecord(visitId: $0[0], memberId: $0[1], terminalId: $0[2], time: $0[3], source: $0[4])
            }
        }
    }

    @Test func aVisitIsItsEntryAndStaysInTheTrailWhenTheEventIsPruned() throws {
        let f = try ClubFixture(debounce: 0)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let noon = calendar.date(from: DateComponents(year: 2026, month: 3, day: 15, hour: 12))!
        let ann = try f.club.addMember(passId: "A")
        try f.club.addMember(passId: "B")
        // Out of order on purpose: a later entry is placed after the member's latest event, while
        // the trail and the stats keep the time the visit was counted at.
        for (pass, offset) in [("A", -20 * 86400.0), ("B", -3 * 3600), ("B", -2 * 86400), ("A", 0), ("A", 1800)] {
            try f.club.checkIn(passId: pass, source: .manual, at: noon.addingTimeInterval(offset))
        }
        // An entry stored without its visit (as merges stored other desks' before v19): an event only.
        try f.database.write { store in
            try store.recordEvent(VisitEvent(eventId: "elsewhere", memberId: ann.memberId, kind: .entry,
                                             time: noon.timeIntervalSince1970 - 10 * 86400, terminalId: "other", source: "nfc"))
        }
        let trail = try Self.trail(f.database)
        let desk = f.club.terminal.id
        #expect(trail.count == 5)
        #expect(trail.allSatisfy { $0.terminalId == desk && $0.source == "manual" })
        let offsets: [Double] = [-20 * 86400, -2 * 86400, -3 * 3600, 0, 1800]
        let times: [Double] = offsets.map { noon.timeIntervalSince1970 + $0 }
        #expect(trail.map(\.time) == times)
        let entries = try f.database.read { store in
            try Set(String.fetchAll(store.db, sql: "SELECT eventId FROM visit_event WHERE kind = 'entry' AND terminalId = ?",
                                    arguments: [f.club.terminal.id]))
        }
        #expect(Set(trail.map(\.visitId)) == entries, "each visit is its entry, written once")
        let stats = try f.database.stats(now: noon.addingTimeInterval(3600), desk: f.club.terminal.id, calendar: calendar)
        let annVisits = try f.database.visits(memberId: ann.memberId)
        #expect(stats.visitsToday == 3)
        #expect(stats.perDayLast30.reduce(0, +) == 5)
        #expect(stats.activeThisMonth == 2)

        // `visits.keep_days` prunes the events of the first days: the visits stay, once each.
        let pruned = try f.database.pruneVisitEvents(before: noon.timeIntervalSince1970 - 5 * 86400)
        #expect(pruned == 2)  // Ann's first entry and the other desk's
        #expect(try Self.trail(f.database) == trail)
        #expect(try f.database.visits(memberId: ann.memberId) == annVisits)
        #expect(try f.database.stats(now: noon.addingTimeInterval(3600), desk: f.club.terminal.id, calendar: calendar) == stats)
        #expect(try f.database.pruneVisitEvents(before: noon.timeIntervalSince1970 - 5 * 86400) == 0)
        #expect(try Self.trail(f.database) == trail)
    }

    @Test func anUpgradedDatabaseKeepsTheVisitsItRecordedBefore() throws {
        let queue = try AppDatabase.inMemoryQueue()
        try AppDatabase.migrator.migrate(queue, upTo: "v15-phonesync-wallet-claim-desks")
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO member(memberId, passId, timeStampAdded, numVisits, modifiedAt, modifiedBy) VALUES ('m1', 'P1', 0, 2, 0, 't');
                INSERT INTO visit_counter(memberId, terminalId, count) VALUES ('m1', 'old-desk', 2);
                INSERT INTO visit(visitId, memberId, terminalId, time, source) VALUES ('before-events', 'm1', 'old-desk', 1000, 'nfc');
                INSERT INTO visit(visitId, memberId, terminalId, time, source) VALUES ('with-entry', 'm1', 'old-desk', 2000, 'nfc');
                INSERT INTO visit_event(eventId, memberId, kind, time, terminalId, source) VALUES ('with-entry', 'm1', 'entry', 2000, 'old-desk', 'nfc');
                """)
        }
        let database = try AppDatabase.wrapping(queue)
        let f = try ClubFixture(debounce: 0, database: database)
        try f.club.checkIn(passId: "P1", source: .nfc, at: Date(timeIntervalSince1970: 3000))
        let times: [Double] = [1000, 2000, 3000]
        #expect(try Self.trail(database).map(\.time) == times)
        #expect(try f.visitRows() == 3)
        // The old visit's entry has no visitTime: pruning it leaves its visit where it was, once.
        #expect(try database.pruneVisitEvents(before: 2500) == 1)
        #expect(try Self.trail(database).map(\.time) == times)
        #expect(try database.pruneVisitEvents(before: 3500) == 1)
        let ids = try Self.trail(database).map(\.visitId)
        #expect(Array(ids.prefix(2)) == ["before-events", "with-entry"])
        #expect(try f.visitRows() == 3)
    }

    /// Log pages per tap (a count: the same in any build): the commit of a counted visit writes
    /// each b-tree it changes. Was 27.5 per tap in the bench before the `visit` row went
    /// (docs/architecture.md has the breakdown); a b-tree or a row added to the tap shows here.
    @Test func aTapWritesAtMostItsPagesOfLog() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("memberdesk-pages-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try AppDatabase.open(path: folder.appendingPathComponent("club.sqlite").path)
        let club = Club(database: database, terminal: try database.terminalIdentity(name: "pages"), settings: ClubSettings(debounce: 0))
        for i in 0..<500 { try club.addMember(passId: "P\(i)") }
        for i in 0..<2_000 { try club.checkIn(passId: "P\(i % 500)", source: .manual) }
        let before = database.walPagesWritten
        let taps = 500
        for i in 0..<taps { try club.checkIn(passId: "P\(i % 500)", source: .manual) }
        let perTap = Double(database.walPagesWritten - before) / Double(taps)
        #expect(perTap <= Self.pagesPerTap, "a tap wrote \(perTap) pages of log")
    }

    static let pagesPerTap = 24.0
}
