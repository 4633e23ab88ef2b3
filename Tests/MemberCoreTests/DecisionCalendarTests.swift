import Foundation
@_spi(Decisions) import MemberCore
import Testing

/// Issue 47 item 5: a decision says a day in the calendar it is handed, never the machine's: an
/// expiry edit's audit line names the day in the club's calendar (`PlanSettings.calendar`).
@Suite struct DecisionCalendarTests {
    static let berlin: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }()

    /// 23:30 UTC on 15 January 2027: already the 16th in Berlin.
    static let lateEvening: Double = 1_800_055_800

    static func expiryLine(in calendar: Calendar) throws -> [String: String]? {
        let request = MemberUpdate.Request(memberId: "m1", changes: MemberChanges(expiresAt: .some(lateEvening)), passId: nil,
                                           time: Core.t0, desk: Core.desk, actor: .anonymous(.manual), ids: Core.ids(),
                                           calendar: calendar)
        let stored = Core.member()
        let edited = try MemberUpdate.edited(stored, request, passIsStaffCard: false)
        let change = try MemberUpdate.decide(before: stored, after: edited, request, facts: MemberPlanFacts())
        return change.audit.first { $0.detail["field"] == "expires" }?.detail
    }

    @Test func anExpiryEditIsSaidInTheClubsCalendar() throws {
        #expect(try Self.expiryLine(in: Self.berlin) == ["field": "expires", "before": "", "after": "2027-01-16"])
        #expect(try Self.expiryLine(in: Core.utc) == ["field": "expires", "before": "", "after": "2027-01-15"])
    }
}
