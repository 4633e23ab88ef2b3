import Foundation
@testable import MemberCore
import MemberDeskTestSupport
@_spi(Testing) @testable import MemberKit
import Testing

/// The report's cache of past days (`report_day`): a report read with the cache warm gives the
/// same figures as one read with no cache at all, whatever changed in between, and the triggers
/// drop exactly the days an event changes.
@Suite struct ReportDayCacheTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    /// 60 days across the spring DST change (2026-03-29), with a month's look-back before.
    static let period = try! ReportPeriod(from: "2026-02-15", to: "2026-04-15", timeZone: berlin)
    static let lookbackStart = 1_767_225_600.0 + 12 * 86_400  // 2026-01-13, in the look-back
    static let members = (1...12).map { "member-\($0)" }

    /// Seeded events: a dozen members visiting most days, stays of a minute to five hours (some
    /// past midnight, some never checked out), at times with fractions of a second.
    struct Events {
        var random: DemoVisits.SeededRandom
        var count = 0

        init(seed: UInt64) { random = DemoVisits.SeededRandom(seed: seed) }

        mutating func visit(_ memberId: String, entered: Double, exitChance: Double = 0.85) -> [VisitEvent] {
            count += 1
            var events = [VisitEvent(eventId: "v\(count)-in", memberId: memberId, kind: .entry, time: entered, terminalId: "T", source: "nfc")]
            if Double.random(in: 0..<1, using: &random) < exitChance {
                let stay = Double.random(in: 0...18_000, using: &random).rounded(.down) + Double(Int.random(in: 0...3, using: &random)) / 4
                events.append(VisitEvent(eventId: "v\(count)-out", memberId: memberId, kind: .exit, time: entered + stay,
                                         terminalId: "T", source: "nfc", exitKind: [.tap, .staff, .auto].randomElement(using: &random)))
            }
            return events
        }

        /// Visits on each day in [from, to), before `until`.
        mutating func days(from: Double, to: Double, until: Double) -> [VisitEvent] {
            var events: [VisitEvent] = []
            var day = from
            while day < to {
                for member in ReportDayCacheTests.members where Double.random(in: 0..<1, using: &random) < 0.45 {
                    let entered = day + Double.random(in: 5 * 3600...22 * 3600, using: &random) + 0.5
                    if entered < until { events += visit(member, entered: entered).filter { $0.time <= until } }
                }
                day += 86_400
            }
            return events
        }

        mutating func member() -> String { ReportDayCacheTests.members.randomElement(using: &random)! }
    }

    static func record(_ events: [VisitEvent], in database: AppDatabase) throws {
        try database.write { store in for event in events { try store.recordEvent(event) } }
    }

    /// The figures read from a copy of the database with its cache emptied.
    static func uncached(_ database: AppDatabase, now: Date, rule: OccupancySettings) throws -> AppDatabase.ReportRead {
        let copy = try database.inMemoryCopy()
        try copy.write { try $0.db.execute(sql: "DELETE FROM report_day") }
        return try copy.reportFigures(period: period, now: now, ending: VisitEndRule(settings: rule, now: now.timeIntervalSince1970))
    }

    /// The closing rules the cache is tried under: none, and closing time with the longest stay in Berlin.
    static let rules: [OccupancySettings] = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = berlin
        return [OccupancySettings(), OccupancySettings(closingMinute: 22 * 60 + 30, maxStay: 4 * 3600, calendar: calendar)]
    }()

    static func cachedDays(_ database: AppDatabase) throws -> [Int: CachedReportDay] {
        try database.read { try $0.cachedReportDays(zone: berlin.identifier, from: 0, to: 100_000, summaries: true) }
    }

    /// Reads twice (the first may recompute days, the second finds them all cached) and checks
    /// both against a read with no cache.
    static func expectSameAsUncached(_ database: AppDatabase, now: Date, rule: OccupancySettings = OccupancySettings(),
                                     _ step: String) throws {
        let expected = try uncached(database, now: now, rule: rule)
        for round in ["first", "second"] {
            let read = try database.reportFigures(period: period, now: now, ending: VisitEndRule(settings: rule, now: now.timeIntervalSince1970))
            #expect(read.figures == expected.figures, "\(step): the \(round) read with the cache differs")
            #expect(read.futureEvents == expected.futureEvents, "\(step)")
        }
    }

    @Test(arguments: [1, 2, 3] as [UInt64], [0, 1])
    func aWarmCacheGivesTheFiguresOfNoCache(seed: UInt64, ruleIndex: Int) throws {
        let rule = Self.rules[ruleIndex]
        let database = try AppDatabase.inMemory()
        var events = Events(seed: seed)
        var now = Date(timeIntervalSince1970: 1_775_822_400)  // 2026-04-10 12:00 UTC
        let today = 1_775_779_200.0  // 2026-04-10 00:00 UTC (02:00 in Berlin)
        try Self.record(events.days(from: Self.lookbackStart, to: today + 86_400, until: now.timeIntervalSince1970), in: database)
        try Self.expectSameAsUncached(database, now: now, rule: rule, "first report")
        let cached = try Self.cachedDays(database)
        #expect(cached.count > 80 && cached.values.allSatisfy { $0.summary.flatMap(ReportDayCoding.decode) != nil })

        // New taps today, then later today.
        try Self.record(events.visit(events.member(), entered: now.timeIntervalSince1970 - 600), in: database)
        now += 3600
        try Self.record(events.visit(events.member(), entered: now.timeIntervalSince1970 - 1200, exitChance: 0.5), in: database)
        try Self.expectSameAsUncached(database, now: now, rule: rule, "taps today")

        // Late entries and exits in past days: in the look-back, in the period, and an exit for a
        // visit left open days ago.
        for _ in 0..<6 {
            let time = Double.random(in: Self.lookbackStart...(today - 3600), using: &events.random)
            try Self.record(events.visit(events.member(), entered: time, exitChance: 0.5), in: database)
        }
        for _ in 0..<4 {
            let exit = VisitEvent(eventId: "late-exit-\(events.count)", memberId: events.member(), kind: .exit,
                                  time: Double.random(in: Self.lookbackStart...(today - 3600), using: &events.random),
                                  terminalId: "T", source: "nfc", exitKind: .staff)
            events.count += 1
            try Self.record([exit], in: database)
        }
        try Self.expectSameAsUncached(database, now: now, rule: rule, "late events")

        // `visits.keep_days`: the oldest events go, the look-back's among them.
        try database.pruneVisitEvents(before: Self.lookbackStart + 20 * 86_400)
        try Self.expectSameAsUncached(database, now: now, rule: rule, "pruned")

        // An exit from a desk whose clock runs three days ahead: left out, until now reaches it.
        let member = events.member()
        try Self.record(events.visit(member, entered: now.timeIntervalSince1970 - 300, exitChance: 0), in: database)
        let far = VisitEvent(eventId: "far-exit", memberId: member, kind: .exit, time: now.timeIntervalSince1970 + 3 * 86_400,
                             terminalId: "T", source: "nfc", exitKind: .tap)
        try Self.record([far], in: database)
        try Self.expectSameAsUncached(database, now: now, rule: rule, "far-future exit")
        #expect(try database.reportFigures(period: Self.period, now: now, ending: VisitEndRule(settings: rule, now: now.timeIntervalSince1970)).futureEvents == 1)
        now += 3 * 86_400 + 3600
        try Self.expectSameAsUncached(database, now: now, rule: rule, "far-future exit come into range")
        #expect(try database.reportFigures(period: Self.period, now: now, ending: VisitEndRule(settings: rule, now: now.timeIntervalSince1970)).futureEvents == 0)

        // A corrupt summary (and one of another version) reads as a day not cached, then is replaced.
        let days = try Self.cachedDays(database).keys.sorted()
        let (broken, otherVersion) = (days[days.count / 2], days[days.count / 3])
        try database.write { store in
            try store.db.execute(sql: "UPDATE report_day SET summary = x'01ff7f00' WHERE day = ?", arguments: [broken])
            try store.db.execute(sql: "UPDATE report_day SET summary = CAST(x'01' || substr(summary, 2) AS BLOB) WHERE day = ?", arguments: [otherVersion])
        }
        try Self.expectSameAsUncached(database, now: now, rule: rule, "corrupt summary")
        let repaired = try Self.cachedDays(database)
        #expect(repaired[broken]?.summary.flatMap(ReportDayCoding.decode) != nil)
        #expect(repaired[otherVersion]?.summary.flatMap(ReportDayCoding.decode) != nil)
    }

    @Test func aLateExitDropsTheDayOfItsEntryAndItsOwnOnly() throws {
        let database = try AppDatabase.inMemory()
        let day = 86_400.0, base = 1_771_113_600.0  // 2026-02-15 00:00 UTC
        func event(_ id: String, _ member: String, _ kind: VisitEvent.Kind, _ time: Double) -> VisitEvent {
            VisitEvent(eventId: id, memberId: member, kind: kind, time: time, terminalId: "T", source: "nfc", exitKind: kind == .exit ? .tap : nil)
        }
        // A left open on day 2; B came and went on day 2 and day 4.
        try Self.record([event("a1", "A", .entry, base + 2 * day + 36_000),
                         event("b1", "B", .entry, base + 2 * day + 40_000), event("b2", "B", .exit, base + 2 * day + 43_000),
                         event("b3", "B", .entry, base + 4 * day + 40_000), event("b4", "B", .exit, base + 4 * day + 43_000)], in: database)
        let now = Date(timeIntervalSince1970: base + 20 * day)
        _ = try database.reportFigures(period: Self.period, now: now)
        let before = try Set(Self.cachedDays(database).keys)
        let dayNumber = { (time: Double) in Int(((time + 3600) / day).rounded(.down)) }  // Berlin is UTC+1 in February
        #expect(before.contains(dayNumber(base + 2 * day)) && before.contains(dayNumber(base + 6 * day)))

        // A's exit arrives late, dated day 6: day 6 (its own) and day 2 (A's entry) go.
        try Self.record([event("a2", "A", .exit, base + 6 * day + 30_000)], in: database)
        #expect(try before.subtracting(Self.cachedDays(database).keys) == [dayNumber(base + 2 * day), dayNumber(base + 6 * day)])

        // An exit after B's exit on day 4 begins no visit before it: only its own day goes.
        _ = try database.reportFigures(period: Self.period, now: now)
        try Self.record([event("b5", "B", .exit, base + 8 * day + 30_000)], in: database)
        #expect(try before.subtracting(Self.cachedDays(database).keys) == [dayNumber(base + 8 * day)])

        // Deleting B's exit of day 4 reopens B's entry there: day 4 goes.
        _ = try database.reportFigures(period: Self.period, now: now)
        try database.write { try $0.db.execute(sql: "DELETE FROM visit_event WHERE eventId = 'b4'") }
        #expect(try before.subtracting(Self.cachedDays(database).keys) == [dayNumber(base + 4 * day)])

        // Moving A's exit from day 6 to day 3 changes A's visit (day 2) and days 3 and 6.
        _ = try database.reportFigures(period: Self.period, now: now)
        try database.write { try $0.db.execute(sql: "UPDATE visit_event SET time = time - 3 * 86400 WHERE eventId = 'a2'") }
        #expect(try before.subtracting(Self.cachedDays(database).keys)
            == [dayNumber(base + 2 * day), dayNumber(base + 3 * day), dayNumber(base + 6 * day)])
        try Self.expectSameAsUncached(database, now: now, "after the triggers")
    }

    @Test func moreMembersThanOneWriteStoresAreAllNumberedAndCached() throws {
        let database = try AppDatabase.inMemory()
        let count = AppDatabase.reportMemberNumbersPerWrite + 1_500
        let day = Self.lookbackStart + 40 * 86_400 + 9 * 3600
        // Each member's visit on one day in the period, spread over the day.
        try database.write { store in
            try store.db.execute(sql: """
                WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?)
                INSERT INTO visit_event(eventId, memberId, kind, time, terminalId, source)
                SELECT 'e' || i, 'm' || i, ?, ? + i, 'T', 'nfc' FROM n
                """, arguments: [count, VisitEvent.Kind.entry.rawValue, day])
        }
        let now = Date(timeIntervalSince1970: Self.lookbackStart + 100 * 86_400)
        let first = try database.reportFigures(period: Self.period, now: now)
        #expect(first.figures.members == count)
        let numbered = try database.read { try Int.fetchOne($0.db, sql: "SELECT count(*) FROM report_member") }
        #expect(numbered == count)
        #expect(try Self.cachedDays(database).values.contains { $0.summary != nil })
        let warm = try database.reportFigures(period: Self.period, now: now)
        #expect(warm.figures == first.figures)
    }
}
