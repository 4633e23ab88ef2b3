import Foundation
@_spi(Decisions) import MemberCore
import Testing

/// Issue 47 item 5: every rule of `CheckInRules.order` called directly, each a table of facts and
/// the verdict it gives (a row's name says which case it is).
@Suite struct CheckInRuleTableTests {
    static let member = Core.member(visits: 3)
    static let t0 = Core.t0

    /// The facts of a tap by `member` at `t0` at desk `desk-a`, with what a row changes.
    static func facts(_ member: MemberRecord = member, presence: MemberPresence? = nil, latestExit: VisitSpan.ExitKind? = nil,
                      insideCount: Int = 0, plan: PlanStanding? = nil, settings: ClubSettings = ClubSettings()) -> CheckInFacts {
        CheckInFacts(member: member, isNew: false, presence: presence, insideCount: insideCount, time: t0, settings: settings,
                     plan: plan, latestExit: latestExit, desk: "desk-a")
    }

    /// The member's latest event, `ago` seconds before the tap (negative: after it, a clock stepped back).
    static func latest(inside: Bool, ago: Double, desk: String = "desk-a") -> MemberPresence {
        MemberPresence(memberId: "m1", eventId: "e1", time: t0 - ago, inside: inside, terminalId: desk)
    }

    static func settings(tap: OccupancySettings.TapMode = .in, capacity: Int = 0, whenFull: OccupancySettings.WhenFull = .refuse,
                         packUse: PlanSettings.PackUse = .perVisit) -> ClubSettings {
        let utc = Core.utc
        return ClubSettings(debounce: 60,
                            occupancy: OccupancySettings(tap: tap, minStay: 120, capacity: capacity, whenFull: whenFull, calendar: utc),
                            plans: PlanSettings(packUse: packUse, calendar: utc))
    }

    static func check(_ rule: (CheckInFacts) -> RuleVerdict, _ rows: [(String, CheckInFacts, RuleVerdict)]) {
        for (name, facts, expected) in rows {
            #expect(rule(facts) == expected, "\(name)")
        }
    }

    @Test func tapDirection() {
        let m = Self.member
        Self.check(TapDirectionRule.apply, [
            ("in: inside is no exit", Self.facts(presence: Self.latest(inside: true, ago: 600), settings: Self.settings(tap: .in)), .next),
            ("in: a repeat of an exit tap is an entry",
             Self.facts(presence: Self.latest(inside: false, ago: 30), latestExit: .tap, settings: Self.settings(tap: .in)), .next),
            ("toggle: inside within the minimum stay is a duplicate",
             Self.facts(presence: Self.latest(inside: true, ago: 60), settings: Self.settings(tap: .toggle)),
             .decide(.answer(.duplicate(m, since: 60)))),
            ("toggle: inside past the minimum stay is an exit",
             Self.facts(presence: Self.latest(inside: true, ago: 600), settings: Self.settings(tap: .toggle)),
             .decide(.exit(m, since: Self.t0 - 600))),
            ("toggle: an entry after the tap (clock stepped back) is no reason to hold the member in",
             Self.facts(presence: Self.latest(inside: true, ago: -30), settings: Self.settings(tap: .toggle)),
             .decide(.exit(m, since: Self.t0 + 30))),
            ("toggle: its own exit tap at this desk again is that exit",
             Self.facts(presence: Self.latest(inside: false, ago: 30), latestExit: .tap, settings: Self.settings(tap: .toggle)),
             .decide(.answer(.duplicateExit(m, since: 30)))),
            ("toggle: the exit at its instant is no sooner",
             Self.facts(presence: Self.latest(inside: false, ago: -0.5), latestExit: .tap, settings: Self.settings(tap: .toggle)),
             .decide(.answer(.duplicateExit(m, since: 0)))),
            ("toggle: an exit far after the tap (clock stepped back) is not repeated",
             Self.facts(presence: Self.latest(inside: false, ago: -5), latestExit: .tap, settings: Self.settings(tap: .toggle)), .next),
            ("toggle: an exit tap at another desk is not this one's",
             Self.facts(presence: Self.latest(inside: false, ago: 30, desk: "desk-b"), latestExit: .tap,
                        settings: Self.settings(tap: .toggle)), .next),
            ("toggle: a staff exit is no tap to repeat",
             Self.facts(presence: Self.latest(inside: false, ago: 30), latestExit: .staff, settings: Self.settings(tap: .toggle)), .next),
            ("toggle: an exit tap past the minimum stay is long done",
             Self.facts(presence: Self.latest(inside: false, ago: 600), latestExit: .tap, settings: Self.settings(tap: .toggle)), .next),
            ("toggle: never seen is an entry", Self.facts(settings: Self.settings(tap: .toggle)), .next),
            ("out: inside is an exit at once",
             Self.facts(presence: Self.latest(inside: true, ago: 10), settings: Self.settings(tap: .out)),
             .decide(.exit(m, since: Self.t0 - 10))),
            ("out: never seen is not inside", Self.facts(settings: Self.settings(tap: .out)), .decide(.answer(.notInside(m)))),
            ("out: outside is not inside",
             Self.facts(presence: Self.latest(inside: false, ago: 600), latestExit: .tap, settings: Self.settings(tap: .out)),
             .decide(.answer(.notInside(m)))),
        ])
    }

    @Test func status() {
        let suspended = Core.member(status: .suspended)
        var suspendedAndExpired = suspended
        suspendedAndExpired.expiresAt = Self.t0 - 1
        var expired = Self.member
        expired.expiresAt = Self.t0 - 1
        Self.check(StatusRule.apply, [
            ("active passes", Self.facts(), .next),
            ("suspended is refused", Self.facts(suspended), .decide(.answer(.refused(suspended, reason: .suspended)))),
            ("suspended and expired is refused as suspended", Self.facts(suspendedAndExpired),
             .decide(.answer(.refused(suspendedAndExpired, reason: .suspended)))),
            ("expired is not this rule's", Self.facts(expired), .next),
        ])
    }

    @Test func expiry() {
        func expiring(_ at: Double?, head: Double? = nil, status: MemberStatus = .active) -> MemberRecord {
            var member = Core.member(status: status, plan: head == nil ? .open : .household, household: head == nil ? nil : "h1")
            member.expiresAt = at
            member.householdExpiresAt = head
            return member
        }
        let passed = expiring(Self.t0 - 1), headPassed = expiring(nil, head: Self.t0 - 1)
        Self.check(ExpiryRule.apply, [
            ("no expiry passes", Self.facts(expiring(nil)), .next),
            ("an expiry to come passes", Self.facts(expiring(Self.t0 + 86_400)), .next),
            ("an expiry at the tap's instant still passes", Self.facts(expiring(Self.t0)), .next),
            ("an expiry passed is refused", Self.facts(passed), .decide(.answer(.refused(passed, reason: .expired)))),
            ("a household head's expiry passed is refused", Self.facts(headPassed),
             .decide(.answer(.refused(headPassed, reason: .expired)))),
            ("a head's expiry to come passes", Self.facts(expiring(nil, head: Self.t0 + 86_400)), .next),
            ("suspended is the status rule's", Self.facts(expiring(Self.t0 - 1, status: .suspended)), .next),
        ])
    }

    @Test func debounce() {
        func lastVisit(_ ago: Double) -> MemberRecord { Core.member(lastVisit: ago == .infinity ? 0 : Self.t0 - ago) }
        let settings = Self.settings()
        Self.check(DebounceRule.apply, [
            ("never visited passes", Self.facts(lastVisit(.infinity), settings: settings), .next),
            ("within the window is a duplicate", Self.facts(lastVisit(30), settings: settings),
             .decide(.answer(.duplicate(lastVisit(30), since: 30)))),
            ("inside, within the window, is a duplicate", Self.facts(lastVisit(30), presence: Self.latest(inside: true, ago: 30),
                                                                    settings: settings),
             .decide(.answer(.duplicate(lastVisit(30), since: 30)))),
            ("past the window passes", Self.facts(lastVisit(90), settings: settings), .next),
            ("at the window's end passes", Self.facts(lastVisit(60), settings: settings), .next),
            ("a visit after the tap (clock stepped back) is a duplicate of 0 s", Self.facts(lastVisit(-10), settings: settings),
             .decide(.answer(.duplicate(lastVisit(-10), since: 0)))),
            ("left since (an exit) comes in again",
             Self.facts(lastVisit(30), presence: Self.latest(inside: false, ago: 10), latestExit: .staff, settings: settings), .next),
        ])
    }

    @Test func plan() {
        let pack = Core.member(lastVisit: Self.t0 - 3600, plan: .pack)
        let yesterday = Core.member(lastVisit: Self.t0 - 86_400, plan: .pack)
        func standing(_ member: MemberRecord, left: Int?) -> PlanStanding { PlanStanding(member: member, holder: member, visitsLeft: left) }
        let perVisit = Self.settings(packUse: .perVisit), perDay = Self.settings(packUse: .perDay)
        Self.check(PlanRule.apply, [
            ("an open member passes", Self.facts(pack, settings: perVisit), .next),
            ("no pack counted (a household's member with none) passes", Self.facts(pack, plan: standing(pack, left: nil),
                                                                                  settings: perVisit), .next),
            ("visits left pass", Self.facts(pack, plan: standing(pack, left: 2), settings: perVisit), .next),
            ("per visit, none left is refused", Self.facts(pack, plan: standing(pack, left: 0), settings: perVisit),
             .decide(.answer(.refused(pack, reason: .packUsedUp)))),
            ("per day, none left but the day's visit used already passes",
             Self.facts(pack, plan: standing(pack, left: 0), settings: perDay), .next),
            ("per day, none left on a new day is refused", Self.facts(yesterday, plan: standing(yesterday, left: 0), settings: perDay),
             .decide(.answer(.refused(yesterday, reason: .packUsedUp)))),
        ])
    }

    @Test func capacity() {
        let m = Self.member
        Self.check(CapacityRule.apply, [
            ("no limit passes", Self.facts(insideCount: 500, settings: Self.settings(capacity: 0)), .next),
            ("room left passes", Self.facts(insideCount: 1, settings: Self.settings(capacity: 2)), .next),
            ("full is refused", Self.facts(insideCount: 2, settings: Self.settings(capacity: 2)),
             .decide(.answer(.refused(m, reason: .capacity)))),
            ("over full is refused", Self.facts(insideCount: 3, settings: Self.settings(capacity: 2)),
             .decide(.answer(.refused(m, reason: .capacity)))),
            ("full under warn lets in with a warning", Self.facts(insideCount: 2, settings: Self.settings(capacity: 2, whenFull: .warn)),
             .warn("Full (2/2) — let in")),
            ("a member inside is never refused for capacity",
             Self.facts(presence: Self.latest(inside: true, ago: 60), insideCount: 2, settings: Self.settings(capacity: 2)), .next),
        ])
    }

    /// The ordered list itself: the first rule to decide ends the run, and a warning lets the tap through.
    @Test func theOrderedListDecidesWithItsFirstRule() {
        let suspended = Core.member(status: .suspended)
        let full = Self.settings(capacity: 1)
        let rows: [(String, CheckInFacts, CheckInDecision, [String])] = [
            ("no rule stops: counted", Self.facts(), .countVisit(Self.member, packOf: nil), []),
            ("suspended before full", Self.facts(suspended, insideCount: 1, settings: full),
             .answer(.refused(suspended, reason: .suspended)), []),
            ("an exit is never refused", Self.facts(suspended, presence: Self.latest(inside: true, ago: 600),
                                                    settings: Self.settings(tap: .toggle)), .exit(suspended, since: Self.t0 - 600), []),
            ("full, warned, counted", Self.facts(insideCount: 1, settings: Self.settings(capacity: 1, whenFull: .warn)),
             .countVisit(Self.member, packOf: nil), ["Full (1/1) — let in"]),
        ]
        for (name, facts, decision, warnings) in rows {
            let decided = CheckInRules.decide(facts)
            #expect(decided.decision == decision && decided.warnings == warnings, "\(name)")
        }
        #expect(CheckInRules.order.count == 12, "a rule added to the list gets its table here (ClosedRule, AccessHoursRule: HoursRuleTableTests; FreezeRule, WaiverRule: HoldRuleTableTests; GuestRule: GuestRuleTableTests)")
    }
}
