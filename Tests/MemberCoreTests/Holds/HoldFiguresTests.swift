import Foundation
@_spi(Decisions) import MemberCore
import Testing

/// `HoldFigures`: which holds the report lists (those touching the period, in the order they
/// begin) and who counts as frozen today (its own hold, or its household head's that is not the head's alone).
@Suite struct HoldFiguresTests {
    static func day(_ text: String) -> CalendarDay { CalendarDay(parsing: text)! }
    static let period = try! ReportPeriod(from: day("2026-03-01"), to: day("2026-03-07"), timeZone: TimeZone(identifier: "UTC")!)

    static func member(_ id: String, _ name: String, holds: [MemberHold] = [], household: String? = nil) -> MemberRecord {
        var member = Core.member("P-\(id)", id: id, plan: household == nil ? .open : .household, household: household)
        member.username = name
        member.holdRecords = holds
        return member
    }

    static func hold(_ from: String, _ until: String, headOnly: Bool = false) -> MemberHold {
        MemberHold(from: day(from), until: day(until), reason: "holiday", headOnly: headOnly)
    }

    @Test(arguments: [
        ("2026-02-20", "2026-02-28", false),  // ends the day before the period
        ("2026-02-20", "2026-03-01", true),   // ends on its first day
        ("2026-03-07", "2026-03-20", true),   // begins on its last day
        ("2026-03-08", "2026-03-20", false),  // begins the day after
        ("2026-02-01", "2026-04-01", true),   // spans it
    ])
    func aHoldIsListedWhenItTouchesThePeriod(from: String, until: String, listed: Bool) {
        let figures = HoldFigures([Self.member("m1", "Ann", holds: [Self.hold(from, until)])], period: Self.period, today: Self.day("2026-03-04"))
        #expect(figures.rows.map(\.memberId) == (listed ? ["m1"] : []))
    }

    @Test func rowsGoInTheOrderTheHoldsBeginThenByName() {
        let members = [Self.member("m1", "Cy", holds: [Self.hold("2026-03-03", "2026-03-04"), Self.hold("2026-03-01", "2026-03-01")]),
                       Self.member("m2", "Ann", holds: [Self.hold("2026-03-03", "2026-03-09")])]
        let figures = HoldFigures(members, period: Self.period, today: Self.day("2026-03-02"))
        #expect(figures.rows.map { "\($0.name) \($0.hold.from)" } == ["Cy 2026-03-01", "Ann 2026-03-03", "Cy 2026-03-03"])
        #expect(figures.frozenToday == 0)
    }

    @Test func aHeadsHoldFreezesItsHouseholdUnlessItIsTheHeadsAlone() {
        let today = Self.day("2026-03-04")
        let household = [Self.member("h", "Head", holds: [Self.hold("2026-03-01", "2026-03-10")]),
                         Self.member("k", "Kid", household: "h"), Self.member("x", "Other")]
        #expect(HoldFigures(household, period: Self.period, today: today).frozenToday == 2)
        let headOnly = [Self.member("h", "Head", holds: [Self.hold("2026-03-01", "2026-03-10", headOnly: true)]),
                        Self.member("k", "Kid", household: "h")]
        #expect(HoldFigures(headOnly, period: Self.period, today: today).frozenToday == 1)
        #expect(HoldFigures(household, period: Self.period, today: Self.day("2026-03-11")).frozenToday == 0)
    }

    @Test func aDeletedMemberIsNeitherListedNorCounted() {
        var gone = Self.member("m1", "Ann", holds: [Self.hold("2026-03-01", "2026-03-10")])
        gone.deletedAt = 5
        let figures = HoldFigures([gone], period: Self.period, today: Self.day("2026-03-04"))
        #expect(figures.rows.isEmpty && figures.frozenToday == 0)
    }
}
