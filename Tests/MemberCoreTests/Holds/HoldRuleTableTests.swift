import Foundation
@_spi(Decisions) import MemberCore
import Testing

/// `FreezeRule` and `WaiverRule`, each a table of taps with the time passed in (UTC days), and
/// their places in `CheckInRules.order`.
@Suite struct HoldRuleTableTests {
    /// 2026-12-10 12:00 UTC.
    static let noon: Double = 1_796_904_000

    static func day(_ text: String) -> CalendarDay { CalendarDay(parsing: text)! }

    static func facts(_ member: MemberRecord, at time: Double = noon, head: MemberRecord? = nil,
                      plans: PlanSettings = PlanSettings(calendar: Core.utc)) -> CheckInFacts {
        let settings = ClubSettings(plans: plans)
        let standing = head.map { PlanStanding(member: member, holder: $0, visitsLeft: nil) }
        return CheckInFacts(member: member, isNew: false, presence: nil, insideCount: 0, time: time, settings: settings, plan: standing)
    }

    static func held(_ from: String, _ until: String, reason: String? = nil, headOnly: Bool = false) -> MemberRecord {
        var member = Core.member()
        member.holdRecords = [MemberHold(from: day(from), until: day(until), reason: reason, headOnly: headOnly)]
        return member
    }

    @Test func freezeRule() {
        var householder = Core.member("BB02", id: "m2", plan: .household, household: "m1")
        householder.holdRecords = []
        let rows: [(String, CheckInFacts, RuleVerdict)] = [
            ("no holds", Self.facts(Core.member()), .next),
            ("held today", Self.facts(Self.held("2026-12-01", "2026-12-12")), .refuse(.frozen, saying: "Frozen until 12 December")),
            ("its first day", Self.facts(Self.held("2026-12-10", "2026-12-12")), .refuse(.frozen, saying: "Frozen until 12 December")),
            ("its last day", Self.facts(Self.held("2026-12-01", "2026-12-10")), .refuse(.frozen, saying: "Frozen until 10 December")),
            ("ended yesterday", Self.facts(Self.held("2026-12-01", "2026-12-09")), .next),
            ("starts tomorrow", Self.facts(Self.held("2026-12-11", "2026-12-20")), .next),
            ("into next year, with its reason", Self.facts(Self.held("2026-12-01", "2027-01-12", reason: "holiday")),
             .refuse(.frozen, saying: "Frozen until 12 January 2027: holiday")),
            ("the head's hold holds its household", Self.facts(householder, head: Self.held("2026-12-01", "2026-12-12")),
             .refuse(.frozen, saying: "Frozen until 12 December")),
            ("a head-only hold does not", Self.facts(householder, head: Self.held("2026-12-01", "2026-12-12", headOnly: true)), .next),
        ]
        for (name, facts, expected) in rows {
            #expect(FreezeRule.apply(facts) == expected, "\(name)")
        }
    }

    @Test func aHoldIsADayOfTheClubsZone() {
        // 23:30 UTC on the 9th is the 10th in Berlin: held there, not in UTC.
        var berlin = Calendar(identifier: .gregorian)
        berlin.timeZone = TimeZone(identifier: "Europe/Berlin")!
        let lateOnTheNinth = Self.noon - 12.5 * 3600
        let member = Self.held("2026-12-10", "2026-12-11")
        #expect(FreezeRule.apply(Self.facts(member, at: lateOnTheNinth)) == .next)
        #expect(FreezeRule.apply(Self.facts(member, at: lateOnTheNinth, plans: PlanSettings(calendar: berlin)))
                == .refuse(.frozen, saying: "Frozen until 11 December"))
    }

    @Test func waiverRule() {
        let required = PlanSettings(calendar: Core.utc, requireWaiver: true)
        let lapsing = PlanSettings(calendar: Core.utc, requireWaiver: true, waiverValidDays: 365)
        func member(waiver: String? = nil, birthday: String? = nil, guardian: String? = nil) -> MemberRecord {
            var member = Core.member()
            member.waiver = waiver.map(Self.day)
            member.birthday = birthday.flatMap(Birthday.init(parsing:))
            member.guardian = guardian
            return member
        }
        let needed = RuleVerdict.refuse(.waiverNeeded, saying: "Waiver needed")
        let guardian = RuleVerdict.refuse(.guardianNeeded, saying: "Guardian needed: a minor's waiver names a guardian")
        let rows: [(String, CheckInFacts, RuleVerdict)] = [
            ("not required", Self.facts(member(), plans: PlanSettings(calendar: Core.utc)), .next),
            ("required, none signed", Self.facts(member(), plans: required), needed),
            ("signed", Self.facts(member(waiver: "2020-01-01"), plans: required), .next),
            ("signed today", Self.facts(member(waiver: "2026-12-10"), plans: required), .next),
            ("dated tomorrow: not signed yet", Self.facts(member(waiver: "2026-12-11"), plans: required), needed),
            ("364 days old, valid 365", Self.facts(member(waiver: "2025-12-11"), plans: lapsing), .next),
            ("365 days old: lapsed", Self.facts(member(waiver: "2025-12-10"), plans: lapsing),
             .refuse(.waiverNeeded, saying: "Waiver needed: the last one has lapsed")),
            ("a minor without a guardian", Self.facts(member(waiver: "2026-12-01", birthday: "2010-06-01"), plans: required), guardian),
            ("a minor with one", Self.facts(member(waiver: "2026-12-01", birthday: "2010-06-01", guardian: "Kim Lee"), plans: required), .next),
            ("18 today: no minor", Self.facts(member(waiver: "2026-12-01", birthday: "2008-12-10"), plans: required), .next),
            ("18 tomorrow: a minor", Self.facts(member(waiver: "2026-12-01", birthday: "2008-12-11"), plans: required), guardian),
            ("a birthday without a year says nothing of age", Self.facts(member(waiver: "2026-12-01", birthday: "--06-01"), plans: required), .next),
        ]
        for (name, facts, expected) in rows {
            #expect(WaiverRule.apply(facts) == expected, "\(name)")
        }
    }

    @Test func theRulesStandAfterTheStatusAndAroundTheExpiry() {
        // A suspended member on hold is "Suspended"; a frozen member whose expiry passed is "Frozen".
        var suspended = Self.held("2026-12-01", "2026-12-12")
        suspended.status = .suspended
        #expect(CheckInRules.decide(Self.facts(suspended)).decision == .answer(.refused(suspended, reason: .suspended)))
        var expired = Self.held("2026-12-01", "2026-12-12")
        expired.expiresAt = Self.noon - 86_400
        let decided = CheckInRules.decide(Self.facts(expired))
        #expect(decided.decision == .answer(.refused(expired, reason: .frozen)))
        #expect(decided.refusalLine == "Frozen until 12 December")
    }
}
