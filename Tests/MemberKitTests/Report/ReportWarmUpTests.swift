import Foundation
@testable import MemberCore
@_spi(Decisions) import MemberCore
import MemberDeskTestSupport
@_spi(Testing) @testable import MemberKit
import Testing

/// The report cache's background warm-up (`ReportWarmUp`, `AppDatabase.warmReportDays`): slice by
/// slice, newest first, it caches every settled day, then a report finds each of its past days
/// cached and its figures are those of no cache; an event in a warmed day drops that day, and the
/// next slice fills it again. Counts, never timings.
@Suite struct ReportWarmUpTests {
    typealias Cache = ReportDayCacheTests
    static let now = Date(timeIntervalSince1970: 1_775_822_400)  // 2026-04-10 12:00 UTC
    static let today = 1_775_779_200.0  // 2026-04-10 00:00 UTC

    /// Runs slices until caught up; returns how many ran and the days they stored.
    static func warmUp(_ database: AppDatabase, ending: VisitEndRule) throws -> (slices: Int, stored: Int) {
        var slices = 0, stored = 0
        while true {
            let progress = try database.warmReportDays(timeZone: Cache.berlin, now: now, ending: ending)
            slices += 1
            stored += progress.daysStored
            #expect(progress.daysStored <= ReportWarmUp.sliceDays)
            if progress.caughtUp || progress.daysStored == 0 { return (slices, stored) }
            try #require(slices < 1000)
        }
    }

    /// The report's past days of `Cache.period` that its glance finds cached (none to compute).
    static func uncachedReportDays(_ database: AppDatabase, rule: OccupancySettings) throws -> [Int] {
        let accumulator = OccupancyAccumulator(period: Cache.period, now: now)
        let plan = ReportDayPlan(period: Cache.period, timeline: accumulator.timeline, countedEnd: accumulator.countedEnd, now: now,
                                 closing: rule)
        let cached = try Cache.cachedDays(database)
        let through = now.timeIntervalSince1970 + MergeEngine.futureTolerance
        return plan.days.filter { $0.cacheable && !(cached[$0.day]?.holds(for: $0, through: through, rule: ClosingRule.key(rule)) ?? false) }
            .map(\.day)
    }

    @Test(arguments: [0, 1])
    func afterTheWarmUpAReportFindsItsDaysCachedWithTheSameFigures(ruleIndex: Int) throws {
        let rule = Cache.rules[ruleIndex]
        let ending = VisitEndRule(settings: rule, now: Self.now.timeIntervalSince1970)
        let database = try AppDatabase.inMemory()
        var events = Cache.Events(seed: 11)
        try Cache.record(events.days(from: Cache.lookbackStart, to: Self.today + 86_400, until: Self.now.timeIntervalSince1970), in: database)
        let expected = try Cache.uncached(database, now: Self.now, rule: rule)
        #expect(try Self.uncachedReportDays(database, rule: rule).count > 80)

        let (slices, stored) = try Self.warmUp(database, ending: ending)
        let oldest = try #require(try database.read { try $0.oldestEventTime() })
        let settled = try #require(ReportWarmUp.plan(oldestEvent: oldest, now: Self.now, timeZone: Cache.berlin, closing: rule))
            .days.filter(\.cacheable)
        #expect(stored == settled.count)
        #expect(slices == (settled.count + ReportWarmUp.sliceDays - 1) / ReportWarmUp.sliceDays)
        #expect(try Self.uncachedReportDays(database, rule: rule).isEmpty)
        #expect(try database.warmReportDays(timeZone: Cache.berlin, now: Self.now, ending: ending)
            == ReportWarmUpProgress(daysStored: 0, daysLeft: 0))
        let read = try database.reportFigures(period: Cache.period, now: Self.now, ending: ending)
        #expect(read.figures == expected.figures && read.futureEvents == expected.futureEvents)

        // A late exit for a visit of a past day: the triggers drop the day it changes, and one
        // slice fills it again; the figures follow the event.
        let lateEntry = Self.today - 20 * 86_400 + 10 * 3600 + 0.25
        try Cache.record([VisitEvent(eventId: "late-in", memberId: "member-1", kind: .entry, time: lateEntry, terminalId: "T", source: "nfc")],
                         in: database)
        let dropped = try Self.uncachedReportDays(database, rule: rule)
        #expect(!dropped.isEmpty && dropped.count <= 2)
        let again = try database.warmReportDays(timeZone: Cache.berlin, now: Self.now, ending: ending)
        #expect(again.daysStored == dropped.count && again.caughtUp)
        #expect(try Self.uncachedReportDays(database, rule: rule).isEmpty)
        let after = try database.reportFigures(period: Cache.period, now: Self.now, ending: ending)
        #expect(after.figures == (try Cache.uncached(database, now: Self.now, rule: rule)).figures)
        #expect(after.figures.visits == expected.figures.visits + 1)
    }

    @Test func aReadOnlyOrEmptyDatabaseHasNothingToWarm() throws {
        let database = try AppDatabase.inMemory()
        #expect(try database.warmReportDays(timeZone: Cache.berlin, now: Self.now) == ReportWarmUpProgress(daysStored: 0, daysLeft: 0))
        let plan = ReportWarmUp.plan(oldestEvent: nil, now: Self.now, timeZone: Cache.berlin, closing: OccupancySettings())
        #expect(plan == nil)
    }

    @Test func slicesAreTheNewestMissingDays() {
        let days = (1...10).map { ReportDayPlan.Day(day: $0, start: Double($0), end: Double($0 + 1), cacheable: $0 < 10) }
        let missing = days.filter { $0.cacheable && ![3, 8].contains($0.day) }
        let newest: [Int] = ReportWarmUp.nextSlice(missing, limit: 3).map(\.day)
        #expect(newest == [6, 7, 9])
        #expect(ReportWarmUp.nextSlice(missing, limit: 20).count == 7)
        #expect(ReportWarmUp.nextSlice(missing, limit: 0).isEmpty)
    }
}
