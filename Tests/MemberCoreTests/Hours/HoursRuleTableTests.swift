import Foundation
@_spi(Decisions) import MemberCore
import Testing

/// `ClosedRule` and `AccessHoursRule`, each a table of taps in Berlin with the time passed in, on
/// ordinary days and both daylight-saving change days, and their places in `CheckInRules.order`.
@Suite struct HoursRuleTableTests {
    typealias F = HoursFixture
    static let member = Core.member(visits: 3)

    static func facts(_ time: String, hours: OpeningHours = F.hours(), access: PlanAccess? = nil,
                      member: MemberRecord = member, presence: MemberPresence? = nil,
                      tap: OccupancySettings.TapMode = .in) -> CheckInFacts {
        let settings = ClubSettings(occupancy: OccupancySettings(tap: tap, calendar: F.berlin, hours: hours),
                                    plans: PlanSettings(calendar: F.berlin))
        var facts = CheckInFacts(member: member, isNew: false, presence: presence, insideCount: 0, time: F.z(time), settings: settings,
                                 desk: "desk-a")
        facts.access = access
        return facts
    }

    static func closed(_ line: String) -> RuleVerdict { .refuse(.closed, saying: line) }

    @Test func closedRule() {
        let holidays = F.hours(closed: ["2026-12-25", "2026-12-26"])
        let winter = F.hours(closed: (24...31).map { "2026-12-\($0)" } + (1...3).map { "2027-01-0\($0)" })
        let rows: [(String, CheckInFacts, RuleVerdict)] = [
            ("no [hours]: always open", Self.facts("2026-03-29T02:00", hours: .alwaysOpen), .next),
            ("inside the hours", Self.facts("2026-03-30T08:00"), .next),
            ("before Monday's opening", Self.facts("2026-03-30T03:00"), Self.closed("Closed — opens 06:00")),
            ("spring Sunday 07:30 CEST: opens 08:00 the same day", Self.facts("2026-03-29T05:30"), Self.closed("Closed — opens 08:00")),
            ("spring Sunday 08:00 CEST is open", Self.facts("2026-03-29T06:00"), .next),
            ("autumn Sunday 07:30 CET: opens 08:00", Self.facts("2026-10-25T06:30"), Self.closed("Closed — opens 08:00")),
            ("autumn Sunday 20:00 CET: tomorrow", Self.facts("2026-10-25T19:00"), Self.closed("Closed — opens tomorrow 06:00")),
            ("autumn Sunday 19:59 CET is open", Self.facts("2026-10-25T18:59"), .next),
            ("Friday night: Saturday's later start", Self.facts("2026-03-27T21:30"), Self.closed("Closed — opens tomorrow 08:00")),
            ("in a midday break", Self.facts("2026-03-30T11:00", hours: F.hours(F.week("06:00-12:00,16:00-22:00"))),
             Self.closed("Closed — opens 16:00")),
            ("a closed day: opens after the next", Self.facts("2026-12-25T09:00", hours: holidays),
             Self.closed("Closed today — opens Sunday 08:00")),
            ("a closed weekday (sun = closed)", Self.facts("2026-03-29T10:00", hours: F.hours(F.week(weekend: "closed"))),
             Self.closed("Closed today — opens tomorrow 06:00")),
            ("a closed day with no opening soon", Self.facts("2026-12-28T10:00", hours: winter), Self.closed("Closed today")),
            ("the evening before a long closure", Self.facts("2026-12-23T21:30", hours: winter),
             Self.closed("Closed — opens 4 January 06:00")),
            ("never open", Self.facts("2026-03-30T08:00", hours: F.hours(.closed)), Self.closed("Closed today")),
        ]
        for (name, facts, expected) in rows {
            #expect(ClosedRule.apply(facts) == expected, "\(name)")
        }
    }

    @Test func accessHoursRule() throws {
        let offPeak = PlanAccess(name: "off-peak", windows: try HoursParser.access("mon-fri 09:00-16:00"))
        let split = PlanAccess(name: "early-late", windows: try HoursParser.access("mon-fri 06:00-09:00,19:00-22:00"))
        let outside = RuleVerdict.refuse(.outsideAccessHours, saying: "Off-peak membership: 09:00–16:00")
        let rows: [(String, CheckInFacts, RuleVerdict)] = [
            ("no windows: any time", Self.facts("2026-03-30T16:00"), .next),
            ("Monday 10:00 CEST is inside", Self.facts("2026-03-30T08:00", access: offPeak), .next),
            ("Monday 17:00 CEST is outside", Self.facts("2026-03-30T15:00", access: offPeak), outside),
            ("Monday 08:59 CEST is outside", Self.facts("2026-03-30T06:59", access: offPeak), outside),
            ("16:00 itself is outside", Self.facts("2026-03-30T14:00", access: offPeak), outside),
            ("Friday before the autumn change, 15:59 CEST", Self.facts("2026-10-23T13:59", access: offPeak), .next),
            ("Monday after it, 09:00 CET = 08:00Z", Self.facts("2026-10-26T08:00", access: offPeak), .next),
            ("Monday after it, 08:00Z was 09:00 CEST no more: 07:30Z is 08:30 CET", Self.facts("2026-10-26T07:30", access: offPeak), outside),
            ("a Sunday has none: the week's windows", Self.facts("2026-03-29T08:00", access: offPeak),
             .refuse(.outsideAccessHours, saying: "Off-peak membership: Mon–Fri 09:00–16:00")),
            ("two windows, between them", Self.facts("2026-03-30T12:00", access: split),
             .refuse(.outsideAccessHours, saying: "Early-late membership: 06:00–09:00, 19:00–22:00")),
            ("two windows, in the second", Self.facts("2026-03-30T18:00", access: split), .next),
        ]
        for (name, facts, expected) in rows {
            #expect(AccessHoursRule.apply(facts) == expected, "\(name)")
        }
    }

    /// Where the two rules sit: an exit is never refused, a closed club refuses a suspended member
    /// as closed, and the plan's own standing (expiry) speaks before its windows.
    @Test func theirPlacesInTheOrder() throws {
        let offPeak = PlanAccess(name: "off-peak", windows: try HoursParser.access("mon-fri 09:00-16:00"))
        let suspended = Core.member(status: .suspended)
        var expired = Self.member
        expired.expiresAt = F.z("2026-01-01T00:00")
        let inside = MemberPresence(memberId: "m1", eventId: "e1", time: F.z("2026-03-30T19:00"), inside: true, terminalId: "desk-a")
        let rows: [(String, CheckInFacts, CheckInDecision, String?)] = [
            ("closed: everyone, the suspended too", Self.facts("2026-03-30T03:00", member: suspended),
             .answer(.refused(suspended, reason: .closed)), "Closed — opens 06:00"),
            ("an exit after closing is never refused", Self.facts("2026-03-30T21:00", presence: inside, tap: .toggle),
             .exit(Self.member, since: F.z("2026-03-30T19:00")), nil),
            ("expired before outside the windows", Self.facts("2026-03-30T15:00", access: offPeak, member: expired),
             .answer(.refused(expired, reason: .expired)), nil),
            ("outside the windows", Self.facts("2026-03-30T15:00", access: offPeak),
             .answer(.refused(Self.member, reason: .outsideAccessHours)), "Off-peak membership: 09:00–16:00"),
            ("open and in the windows: counted", Self.facts("2026-03-30T08:00", access: offPeak), .countVisit(Self.member, packOf: nil), nil),
        ]
        for (name, facts, decision, line) in rows {
            let decided = CheckInRules.decide(facts)
            #expect(decided.decision == decision && decided.refusalLine == line, "\(name)")
        }
    }
}
