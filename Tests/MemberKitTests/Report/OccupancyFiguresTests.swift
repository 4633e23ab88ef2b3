import Foundation
@_spi(Decisions) import MemberCore
import MemberKit
import Testing

/// The report's figures from small, hand-counted sets of visits.
@Suite struct OccupancyFiguresTests {
    static let utc = TimeZone(identifier: "UTC")!

    static func at(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    static func span(_ member: String, _ entered: String, _ exited: String?, _ kind: VisitSpan.ExitKind? = .tap,
                     name: String? = nil) -> VisitSpan {
        VisitSpan(visitId: "\(member)@\(entered)", memberId: member, username: name ?? "Member \(member)", entered: at(entered),
                  exited: exited.map(at), exitKind: exited == nil ? nil : kind, desk: "front", source: "card")
    }

    /// Monday 2 to Sunday 8 March 2026: three overlapping visits on Monday morning, one on Tuesday evening.
    static let week = [
        span("A", "2026-03-02T10:00:00Z", "2026-03-02T11:30:00Z"),
        span("B", "2026-03-02T10:30:00Z", "2026-03-02T11:00:00Z", .staff),
        span("C", "2026-03-02T10:45:00Z", "2026-03-02T12:45:00Z", .auto),
        span("A", "2026-03-03T18:00:00Z", "2026-03-03T19:00:00Z"),
    ]
    static let weekPeriod = try! ReportPeriod(from: "2026-03-02", to: "2026-03-08", timeZone: utc)

    @Test func aWeekOfVisitsGivesTheCountedFigures() {
        let figures = OccupancyFigures.compute(Self.week, period: Self.weekPeriod, now: Self.at("2026-03-09T00:00:00Z"))
        #expect(figures.visits == 4)
        #expect(figures.members == 3)
        #expect(figures.days.map(\.visits) == [3, 1, 0, 0, 0, 0, 0])
        #expect(figures.days.map(\.peakInside) == [3, 1, 0, 0, 0, 0, 0])
        #expect(figures.peakOccupancy == 3)
        #expect(figures.peakAt == Self.at("2026-03-02T10:45:00Z"))
        // 300 person-minutes over the 225 minutes anyone was in.
        #expect(abs(figures.averageOccupancy - 300.0 / 225) < 1e-9)
        // C's stay was closed by rule: counted apart, not in the stays.
        #expect(figures.averageStay == TimeInterval(60 * 60))
        #expect(figures.medianStay == TimeInterval(60 * 60))
        #expect(figures.closedVisits == 4 && figures.closedByRule == 1 && figures.openVisits == 0)
        #expect(figures.exitKinds == [.tap: 2, .staff: 1, .auto: 1])
        #expect(figures.arrivals[0][10] == 3 && figures.arrivals[1][18] == 1)
        #expect(figures.arrivals.flatMap { $0 }.reduce(0, +) == 4)
        #expect(figures.averageInside[0][10] == 1.75)
        #expect(figures.busiestHours.map { [$0.weekday, $0.hour] } == [[0, 10], [0, 11], [1, 18], [0, 12]])
        #expect(figures.busiestHours.map(\.averageInside) == [1.75, 1.5, 1.0, 0.75])
        // Measured stays of 30, 60 and 90 minutes: quarter-hour buckets 2, 4 and 6.
        #expect(figures.stayHistogram.enumerated().filter { $0.element > 0 }.map(\.offset) == [2, 4, 6])
        #expect(figures.lapsed.isEmpty && figures.futureVisitsIgnored == 0)
    }

    @Test func theOrderOfTheVisitsDoesNotMatter() {
        let now = Self.at("2026-03-09T00:00:00Z")
        let forward = OccupancyFigures.compute(Self.week, period: Self.weekPeriod, now: now)
        #expect(OccupancyFigures.compute(Self.week.reversed(), period: Self.weekPeriod, now: now) == forward)
    }

    @Test func anOpenVisitCountsAsInsideUntilNow() {
        let spans = [Self.span("D", "2026-03-04T09:00:00Z", nil)]
        let figures = OccupancyFigures.compute(spans, period: Self.weekPeriod, now: Self.at("2026-03-04T10:30:00Z"))
        #expect(figures.openVisits == 1 && figures.closedVisits == 0 && figures.averageStay == nil)
        #expect(figures.peakOccupancy == 1)
        #expect(figures.averageInside[2][9] == 1.0 && figures.averageInside[2][10] == 1.0)
        // Thursday has not come yet: no hour of it is averaged.
        #expect(figures.averageInside[3].allSatisfy { $0 == 0 })
    }

    @Test func visitsDatedPastTomorrowAreLeftOutAndCounted() {
        let now = Self.at("2026-03-04T12:00:00Z")
        let spans = [
            Self.span("E", "2026-03-06T12:00:00Z", "2026-03-06T13:00:00Z"),
            // An exit far ahead is not believed: the visit stays open until now.
            Self.span("F", "2026-03-04T11:00:00Z", "2030-01-01T00:00:00Z"),
        ]
        let figures = OccupancyFigures.compute(spans, period: Self.weekPeriod, now: now)
        #expect(figures.futureVisitsIgnored == 1)
        #expect(figures.visits == 1 && figures.openVisits == 1)
        #expect(figures.peakOccupancy == 1)
    }

    @Test func hoursAreLocalAcrossTheSpringChange() throws {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let period = try ReportPeriod(from: "2026-03-28", to: "2026-03-29", timeZone: berlin)
        let spans = [
            Self.span("A", "2026-03-28T11:00:00Z", "2026-03-28T12:00:00Z"),  // Saturday 12:00 CET
            Self.span("B", "2026-03-29T10:00:00Z", "2026-03-29T11:00:00Z"),  // Sunday 12:00 CEST
        ]
        let figures = OccupancyFigures.compute(spans, period: period, now: Self.at("2026-04-01T00:00:00Z"))
        #expect(figures.arrivals[5][12] == 1 && figures.arrivals[6][12] == 1)
        #expect(figures.days.map(\.visits) == [1, 1])
        #expect(figures.averageInside[6][12] == 1.0)
    }

    @Test func aRegularWhoStaysAwayIsListedOnce() throws {
        let period = try ReportPeriod(from: "2026-02-01", to: "2026-02-28", timeZone: Self.utc)
        let now = Self.at("2026-03-01T08:00:00Z")
        func days(_ member: String, _ dates: [String], name: String) -> [VisitSpan] {
            dates.map { Self.span(member, "\($0)T18:00:00Z", "\($0)T19:00:00Z", name: name) }
        }
        let spans = days("L", ["2026-01-05", "2026-01-08", "2026-01-12", "2026-01-15", "2026-01-15"], name: "Lapsed <Lou>")
            + days("M", ["2026-01-05", "2026-01-08", "2026-01-15"], name: "Three days")  // never regular
            + days("N", ["2026-01-05", "2026-01-08", "2026-01-12", "2026-01-15", "2026-02-20"], name: "Came back")
            + days("O", ["2026-01-25", "2026-02-01", "2026-02-05", "2026-02-10"], name: "Away since the 10th")  // 30 days end in March
        let figures = OccupancyFigures.compute(spans, period: period, now: now)
        #expect(figures.lapsed == [.init(memberId: "L", username: "Lapsed <Lou>", lastVisit: CalendarDay(parsing: "2026-01-15")!)])
        // Visits before the period feed the rule but not the period's figures.
        #expect(figures.visits == 4 && figures.members == 2)
    }

    @Test func theRegularMonthRule() {
        let d = CalendarDay(parsing: "2026-01-31")!.dayNumber
        #expect(LapsedMemberRule.stoppedOn(latestDays: [d, d - 1, d - 2, d - 29]) == d + 31)
        #expect(LapsedMemberRule.stoppedOn(latestDays: [d, d - 1, d - 2, d - 30]) == nil)
        #expect(LapsedMemberRule.stoppedOn(latestDays: [d, d - 1, d - 2]) == nil)
    }

    @Test func periodsAndDaysAreCheckedWithAOneLineError() {
        #expect(throws: DeskError.invalidInput("--from '2026-02-30' is not a date: use YYYY-MM-DD")) {
            try ReportPeriod(from: "2026-02-30", to: "2026-03-01", timeZone: Self.utc)
        }
        #expect(throws: DeskError.invalidInput("--from 2026-03-02 is after --to 2026-03-01")) {
            try ReportPeriod(from: "2026-03-02", to: "2026-03-01", timeZone: Self.utc)
        }
        #expect(CalendarDay(parsing: "2024-02-29")?.description == "2024-02-29")
        #expect(CalendarDay(parsing: "2026-3-01") == nil && CalendarDay(parsing: "２０２６-03-01") == nil)
        #expect(CalendarDay(parsing: "2026-03-02")?.weekdayFromMonday == 0)
        for number in [-800_000, -1, 0, 1, 20_000, 2_900_000] {
            #expect(CalendarDay(dayNumber: number).dayNumber == number)
        }
    }
}
