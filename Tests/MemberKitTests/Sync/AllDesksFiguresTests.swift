import Foundation
import GRDB
import MemberDeskTestSupport
import Testing
@testable import MemberKit

/// The figures count what a desk holds from every desk: the stats (and the desk's stats view,
/// which reads them), `backup`'s summary and `members show`'s recent visits agree with `visits`
/// and the report once the desks have synced; this desk's own share is said beside them.
@Suite("Figures from every desk")
struct AllDesksFiguresTests {
    @Test("taps on two desks, synced: both desks' stats, trail and backup count all of them")
    func twoDesksAgree() throws {
        let desks = try TwoSyncDesks(folderPrefix: "figures", settings: ClubSettings(debounce: 0))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let morning = Date(timeIntervalSince1970: 1_795_392_000 + 2 * 86_400 + 9 * 3600)  // 2026-11-25 09:00 UTC
        desks.clock.set(morning)
        let george = try desks.a.club.addMember(passId: "04DD0001", username: "George")
        try desks.a.club.addMember(passId: "04DD0002", username: "Mia")
        _ = try desks.syncA.writer.write()
        _ = try desks.syncB.reader.read()
        // Front desk: George twice, Mia once; Back desk: George once, Mia twice, at other hours.
        for (terminal, pass, hours) in [(desks.a, "04DD0001", 0.0), (desks.a, "04DD0002", 1), (desks.b, "04DD0001", 2),
                                        (desks.b, "04DD0002", 3), (desks.a, "04DD0001", 4), (desks.b, "04DD0002", 5)] {
            let report = try terminal.club.checkIn(passId: pass, source: .nfc, at: morning.addingTimeInterval(hours * 3600))
            guard case .checkedIn = report.outcome else { Issue.record("\(report.outcome)"); return }
        }
        for _ in 0..<2 {
            _ = try desks.syncA.writer.write(); _ = try desks.syncB.writer.write()
            _ = try desks.syncA.reader.read(); _ = try desks.syncB.reader.read()
        }
        let evening = morning.addingTimeInterval(10 * 3600)
        let folder = try TemporaryDirectory()
        for (terminal, here) in [(desks.a, 3), (desks.b, 3)] {
            let stats = try terminal.database.stats(now: evening, desk: terminal.club.terminal.id, calendar: calendar)
            #expect(stats.visitsToday == 6 && stats.visitsTodayHere == here)
            #expect(stats.perDayLast30.last == 6 && stats.activeThisWeek == 2)
            #expect(stats.perHourToday[9] == 1 && stats.perHourToday[11] == 1 && stats.perHourToday[14] == 1)
            // `members show`'s recent visits: George's three, from both desks.
            let visits = try terminal.database.visits(memberId: george.memberId)
            #expect(visits.count == 3)
            #expect(Set(visits.map(\.terminalId)) == [desks.a.club.terminal.id, desks.b.club.terminal.id])
            #expect(visits.count == (try terminal.database.visitCounters(memberId: george.memberId).values.reduce(0, +)))
            // `visits` and the report read the spans: the same six.
            #expect(try terminal.database.visitSpans().count == 6)
            let summary = try terminal.database.backup(to: folder.path + "/\(terminal.club.terminal.id).sqlite")
            #expect(summary.visits == 6)
        }
    }

    @Test("an upgrade counts the entries merged before, and not this desk's own pre-v15 entries twice")
    func anUpgradeCountsMergedEntries() throws {
        let queue = try AppDatabase.inMemoryQueue()
        try AppDatabase.migrator.migrate(queue, upTo: "v18-audit-rows-in-time")
        try queue.write { db in
            // This desk's visit from before v15 (its row in the archive, its entry under another id),
            // another desk's entry and exit merged with no visit, and this desk's visit since v15.
            try db.execute(sql: """
                INSERT INTO visit_archive(visitId, memberId, terminalId, time, source) VALUES ('old-visit', 'm1', 'DA', 100, 'nfc');
                INSERT INTO visit_event(eventId, memberId, kind, time, terminalId, source, visitTime) VALUES
                    ('e-old', 'm1', 'entry', 100, 'DA', 'nfc', NULL),
                    ('e-b1', 'm1', 'entry', 200, 'DB', 'nfc', NULL),
                    ('x-b1', 'm1', 'exit', 250, 'DB', 'nfc', NULL),
                    ('e-new', 'm1', 'entry', 400, 'DA', 'nfc', 400);
                """)
        }
        try AppDatabase.migrator.migrate(queue)
        let trail = try queue.read { db in try String.fetchAll(db, sql: "SELECT visitId FROM visit ORDER BY time") }
        #expect(trail == ["old-visit", "e-b1", "e-new"])
    }
}
