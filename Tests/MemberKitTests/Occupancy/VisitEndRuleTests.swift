import Foundation
@_spi(Decisions) import MemberCore
import MemberDeskTestSupport
@testable import MemberKit
import Testing

/// `VisitEndRule`: one person is inside at most once, and a visit with no exit ends by the
/// closing rule, alike in `inside`, `visits` and the report.
@Suite struct VisitEndRuleTests {
    typealias F = OccupancyFixture
    static let twelveHours = OccupancySettings(maxStay: 12 * 3600, calendar: F.utc)
    static func t(_ hour: Int, _ minute: Int = 0, day: Int = 0) -> Double { F.at(hour, minute, day: day).timeIntervalSince1970 }

    @Test func theRuleEndsAVisitByExitClosingOrNextEntry() {
        let rule = VisitEndRule(settings: Self.twelveHours, now: Self.t(12, day: 3))
        // A person's exit, before the rule's time.
        #expect(rule.end(entered: Self.t(10), next: .exit(Self.t(11), .tap))! == (Self.t(11), .tap))
        // A next entry before the rule's time ends it at that entry.
        #expect(rule.end(entered: Self.t(10), next: .entry(Self.t(15)))! == (Self.t(15), .reentry))
        // The rule comes first: the longest stay, whatever follows.
        #expect(rule.end(entered: Self.t(10), next: .entry(Self.t(10, day: 1)))! == (Self.t(22), .auto))
        #expect(rule.end(entered: Self.t(10), next: .exit(Self.t(23), .tap))! == (Self.t(22), .auto))
        // No next event: the rule once due, else open.
        #expect(rule.end(entered: Self.t(10), next: nil)! == (Self.t(22), .auto))
        #expect(rule.end(entered: Self.t(11, day: 3), next: nil) == nil)
        // An event of an unknown kind ends nothing.
        #expect(rule.end(entered: Self.t(11, day: 3), next: .unknown(Self.t(11, 30, day: 3))) == nil)
        // Closing time before the longest stay.
        let closing = VisitEndRule(settings: OccupancySettings(closingMinute: 22 * 60, maxStay: 12 * 3600, calendar: F.utc), now: Self.t(12, day: 3))
        #expect(closing.end(entered: Self.t(15), next: nil)! == (Self.t(22), .auto))
        // Without a rule, only a next entry or exit ends a visit.
        let none = VisitEndRule(now: Self.t(12, day: 3))
        #expect(none.end(entered: Self.t(10), next: nil) == nil)
        #expect(none.end(entered: Self.t(10), next: .entry(Self.t(10, day: 2)))! == (Self.t(10, day: 2), .reentry))
        #expect(VisitEndRule.closedByRule(.auto) && VisitEndRule.closedByRule(.reentry))
        #expect(!VisitEndRule.closedByRule(.tap) && !VisitEndRule.closedByRule(.staff) && !VisitEndRule.closedByRule(nil))
    }

    @Test func settledIsWhenEveryEntryOfADayHasEnded() {
        let end = Self.t(0, day: 1)
        #expect(ClosingRule.settled(enteredBefore: end, settings: OccupancySettings()) == end)
        #expect(ClosingRule.settled(enteredBefore: end, settings: Self.twelveHours) == Self.t(12, day: 1))
        let closing = OccupancySettings(closingMinute: 22 * 60, calendar: F.utc)
        #expect(ClosingRule.settled(enteredBefore: end, settings: closing) == Self.t(22, day: 1))
        #expect(ClosingRule.key(OccupancySettings()) == "")
        #expect(ClosingRule.key(closing) != ClosingRule.key(Self.twelveHours))
    }

    /// Six members tapping in twice a day for three days, nobody tapping out.
    func sixMembersForThreeDays(_ f: F) throws {
        for member in 1...6 { try f.club.addMember(passId: "M\(member)") }
        for day in 0..<3 {
            for hour in [10, 14] {
                for member in 1...6 { try f.tap("M\(member)", at: F.at(hour, member, day: day)) }
            }
        }
    }

    @Test func visitsAndInsideAgree() throws {
        let f = try F(Self.twelveHours)
        try sixMembersForThreeDays(f)
        let at = F.at(16, day: 2)
        let spans = try f.club.visitSpans(at: at)
        #expect(spans.count == 36)
        // Open: exactly those `inside` lists, one visit each.
        let open = spans.filter(\.isOpen)
        #expect(Set(open.map(\.memberId)) == Set(try f.club.insideMembers(at: at).map(\.memberId)))
        #expect(open.count == 6)
        let m1 = spans.filter { $0.memberId == open.first!.memberId }.map(\.exitKind)
        #expect(m1 == [.reentry, .auto, .reentry, .auto, .reentry, nil])
    }

    @Test func theReportCountsEachPersonOnceAndKeepsRuleClosedStaysApart() throws {
        let f = try F(Self.twelveHours)
        try sixMembersForThreeDays(f)
        // One measured stay: M1 taps out by staff on the last afternoon.
        f.clock.set(F.at(15, day: 2))
        try f.club.checkOut(passId: "M1")
        let period = try ReportPeriod(from: CalendarDay(parsing: "2026-01-01")!, to: CalendarDay(parsing: "2026-01-03")!,
                                      timeZone: TimeZone(identifier: "UTC")!)
        let figures = try f.club.reportFigures(period: period, now: F.at(12, day: 4)).figures
        #expect(figures.visits == 36 && figures.peakOccupancy == 6)
        #expect(figures.closedVisits == 36 && figures.closedByRule == 35 && figures.openVisits == 0)
        #expect(figures.exitKinds == [.reentry: 18, .auto: 17, .staff: 1])
        #expect(figures.averageStay == 3600 - 60 && figures.medianStay == 3540)  // M1 entered at 14:01
        #expect(figures.stayHistogram.reduce(0, +) == 1)
        let html = ReportPage.render(figures)
        #expect(html.contains("data-figure=\"closed-by-rule\">35<"))
    }

    @Test func aCachedDayHoldsOnlyForTheRuleItWasComputedUnder() throws {
        let f = try F(Self.twelveHours)
        try sixMembersForThreeDays(f)
        let period = try ReportPeriod(from: CalendarDay(parsing: "2026-01-01")!, to: CalendarDay(parsing: "2026-01-03")!,
                                      timeZone: TimeZone(identifier: "UTC")!)
        let now = F.at(12, day: 10)
        let none = try f.database.reportFigures(period: period, now: now).figures
        // Without the rule: next entries end 18, the desk's stored automatic exits 12, the last 6 stay open.
        #expect(none.closedByRule == 30 && none.openVisits == 6)
        let ruled = try f.database.reportFigures(period: period, now: now, ending: VisitEndRule(settings: Self.twelveHours, now: now.timeIntervalSince1970))
        #expect(ruled.figures.closedByRule == 36 && ruled.figures.openVisits == 0)
        let again = try f.database.reportFigures(period: period, now: now, ending: VisitEndRule(settings: Self.twelveHours, now: now.timeIntervalSince1970))
        #expect(again.figures == ruled.figures)
        let rules = try f.database.read { try String.fetchAll($0.db, sql: "SELECT DISTINCT closingRule FROM report_day WHERE summary IS NOT NULL") }
        #expect(rules == [ClosingRule.key(Self.twelveHours)])
    }

    @Test func aDayIsCachedOnlyOnceTheRuleHasEndedItsVisits() throws {
        let f = try F(Self.twelveHours)
        try f.club.addMember(passId: "LATE")
        try f.tap("LATE", at: F.at(23))
        let period = try ReportPeriod(from: CalendarDay(parsing: "2026-01-01")!, to: CalendarDay(parsing: "2026-01-02")!,
                                      timeZone: TimeZone(identifier: "UTC")!)
        // At 02:00 next day the late visit is still open (ends at 11:00): day 1 is not cached yet.
        let early = try f.club.reportFigures(period: period, now: F.at(2, day: 1)).figures
        #expect(early.openVisits == 1)
        let cached = try f.database.read { try Int.fetchOne($0.db, sql: "SELECT count(*) FROM report_day WHERE summary IS NOT NULL AND day = 20454") }
        #expect(cached == 0)
        let later = try f.club.reportFigures(period: period, now: F.at(12, day: 1)).figures
        #expect(later.openVisits == 0 && later.closedByRule == 1)
    }

    /// Days cached under the old pairing are dropped by `v15-figures-report-closing`.
    @Test func theMigrationDropsDaysCachedUnderTheOldPairing() throws {
        let queue = try AppDatabase.inMemoryQueue()
        try AppDatabase.migrator.migrate(queue, upTo: "v14-report-days")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO report_day(zone, day, dayStart, dayEnd, summary) VALUES ('UTC', 20454, 0, 86400, x'01')")
        }
        let database = try AppDatabase.wrapping(queue)
        #expect(try database.read { try Int.fetchOne($0.db, sql: "SELECT count(*) FROM report_day") } == 0)
    }
}
