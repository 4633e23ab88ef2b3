import Foundation
@_spi(Decisions) import MemberCore
import Testing

/// `GuestRule` and guests in `CapacityRule`, tables with the time passed in (the club's calendar
/// in Berlin, so a month's edge is local), their places in `CheckInRules.order`, and a guests'
/// entry and departure decided whole (`Admission`, `StaffCheckOut`).
@Suite struct GuestRuleTableTests {
    static let berlin: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }()
    /// 2026-12-10 12:00 UTC (13:00 in Berlin).
    static let noon: Double = 1_796_904_000
    /// 2026-11-30 23:30 UTC: 1 December 00:30 in Berlin, still November in UTC.
    static let firstOfDecemberInBerlin: Double = 1_796_081_400

    static let catalogue = PlanCatalogue(products: [
        PlanProduct(name: "monthly", kind: .open, price: PlanPrice(cents: 4500), validDays: 30, guestsPerMonth: 2),
        PlanProduct(name: "solo", kind: .open, price: PlanPrice(cents: 3000), validDays: 30, guestsPerMonth: 0),
        PlanProduct(name: "family", kind: .open, price: PlanPrice(cents: 9000), validDays: 30),
    ])

    static func member(product: String? = "monthly", id: String = "m1") -> MemberRecord {
        var member = Core.member(id: id)
        member.product = product
        return member
    }

    static func facts(_ member: MemberRecord = member(), guests: Int, used: Int = 0, inside: Bool = false,
                      insideCount: Int = 0, capacity: Int = 0, perMonth: Int? = nil, head: MemberRecord? = nil,
                      at time: Double = noon) -> CheckInFacts {
        let plans = PlanSettings(calendar: berlin, catalogue: catalogue, guestsPerMonth: perMonth)
        let settings = ClubSettings(occupancy: OccupancySettings(capacity: capacity, calendar: berlin), plans: plans)
        let presence = MemberPresence(memberId: member.memberId, eventId: "e0", time: time - 3600, inside: inside, terminalId: "desk-a")
        var facts = CheckInFacts(member: member, isNew: false, presence: presence, insideCount: insideCount, time: time,
                                 settings: settings, plan: head.map { PlanStanding(member: member, holder: $0, visitsLeft: nil) })
        facts.guests = guests
        facts.guestsThisMonth = used
        return facts
    }

    @Test func allowance() {
        let used = RuleVerdict.refuse(.guestAllowance, saying: "Guest allowance used: 2 of 2 this month")
        let rows: [(String, CheckInFacts, RuleVerdict)] = [
            ("no guests asked: no say", Self.facts(guests: 0, used: 5), .next),
            ("within the plan's 2", Self.facts(guests: 2), .next),
            ("one brought, one more", Self.facts(guests: 1, used: 1), .next),
            ("two brought this month", Self.facts(guests: 1, used: 2), used),
            ("one brought, two more asked", Self.facts(guests: 2, used: 1),
             .refuse(.guestAllowance, saying: "Guest allowance: 1 of 2 left this month")),
            ("three asked at once", Self.facts(guests: 3), .refuse(.guestAllowance, saying: "Guest allowance: 2 of 2 left this month")),
            ("a plan with none", Self.facts(Self.member(product: "solo"), guests: 1),
             .refuse(.guestAllowance, saying: "No guests on this membership")),
            ("a plan that names none: no limit", Self.facts(Self.member(product: "family"), guests: 9), .next),
            ("no plan, no limit set", Self.facts(Self.member(product: nil), guests: 9), .next),
            ("no plan: plans.guests_per_month", Self.facts(Self.member(product: nil), guests: 2, perMonth: 1),
             .refuse(.guestAllowance, saying: "Guest allowance: 1 of 1 left this month")),
            ("the plan's own wins over plans.guests_per_month", Self.facts(guests: 2, perMonth: 0), .next),
            ("a household member comes on its head's plan", Self.facts(Self.member(product: nil, id: "m2"), guests: 1,
                                                                       head: Self.member(product: "solo")),
             .refuse(.guestAllowance, saying: "No guests on this membership")),
        ]
        for (name, facts, expected) in rows {
            #expect(GuestRule.allowance(facts) == expected, "\(name)")
        }
    }

    @Test func theMonthIsTheClubs() {
        // 1 December 00:30 in Berlin is December's, though still November in UTC: its month began at
        // Berlin's midnight (23:00 UTC), and UTC's a month before.
        #expect(PlanSettings(calendar: Self.berlin).monthStart(of: Self.firstOfDecemberInBerlin) == 1_796_079_600)
        #expect(PlanSettings(calendar: Core.utc).monthStart(of: Self.firstOfDecemberInBerlin) == 1_793_491_200)
        #expect(PlanSettings(calendar: Self.berlin).monthStart(of: Self.noon) == 1_796_079_600)
    }

    @Test func guestsComeInWithTheirHost() {
        let refused = RuleVerdict.refuse(.hostInside, saying: "Already inside — guests come in with their host's entry")
        #expect(GuestRule.withHost(Self.facts(guests: 1, inside: true)) == refused)
        #expect(GuestRule.withHost(Self.facts(guests: 1, inside: false)) == .next)
        #expect(GuestRule.withHost(Self.facts(guests: 0, inside: true)) == .next)
        // Before the tap's direction: under `toggle` a request with guests is never taken for an exit.
        var toggle = Self.facts(guests: 2, inside: true)
        toggle.settings.occupancy.tap = .toggle
        #expect(CheckInRules.decide(toggle).decision == .answer(.refused(toggle.member, reason: .hostInside)))
    }

    @Test func guestsNeedRoomInside() {
        let full = RuleVerdict.decide(.answer(.refused(Self.member(), reason: .capacity)))
        let rows: [(String, CheckInFacts, RuleVerdict)] = [
            ("alone, one place left", Self.facts(guests: 0, insideCount: 9, capacity: 10), .next),
            ("with a guest, one place left", Self.facts(guests: 1, insideCount: 9, capacity: 10), full),
            ("with two, three places left", Self.facts(guests: 2, insideCount: 7, capacity: 10), .next),
            ("with two, two places left", Self.facts(guests: 2, insideCount: 8, capacity: 10), full),
            ("no capacity set", Self.facts(guests: 20, insideCount: 500), .next),
        ]
        for (name, facts, expected) in rows {
            #expect(CapacityRule.apply(facts) == expected, "\(name)")
        }
    }

    @Test func theAllowanceComesBeforeCapacityAndAfterThePlan() throws {
        // Over the allowance in a full club: the allowance is what staff hear.
        let both = Self.facts(guests: 3, insideCount: 10, capacity: 10)
        #expect(CheckInRules.decide(both).decision == .answer(.refused(both.member, reason: .guestAllowance)))
        // A suspended host with guests is "Suspended".
        var suspended = Self.member()
        suspended.status = .suspended
        #expect(CheckInRules.decide(Self.facts(suspended, guests: 3)).decision == .answer(.refused(suspended, reason: .suspended)))
    }

    @Test func anEntryCarriesItsGuestsAndTheRecordSaysSo() throws {
        let member = Self.member()
        var request = Core.request(settings: ClubSettings(plans: PlanSettings(calendar: Self.berlin, catalogue: Self.catalogue)))
        request.guests = 2
        let change = Admission.decide(Core.subject(member), request)
        guard case .visit(_, let entry, _) = change.write else { Issue.record("no visit: \(change.outcome)"); return }
        #expect(entry.guests == 2 && entry.kind == .entry)
        #expect(change.audit?.detail["guests"] == "2")
        // Staff let a host in anyway past the allowance: the guests come too.
        var over = request
        over.guests = 3
        over.mode = .override
        let overridden = Admission.decide(Core.subject(member), over)
        guard case .visit(_, let forced, _) = overridden.write else { Issue.record("no visit: \(overridden.outcome)"); return }
        #expect(forced.guests == 3 && overridden.audit?.detail["refused"] == "guestAllowance")
    }

    @Test func guestsLeaveWithoutTheirHost() {
        let member = Self.member()
        let presence = MemberPresence(memberId: "m1", eventId: "e1", time: Self.noon - 600, inside: true, terminalId: "desk-a", guests: 2)
        func request(_ guests: Int?) -> StaffCheckOut.Request {
            var request = StaffCheckOut.Request(target: .member(id: "m1"), source: .manual, now: Date(timeIntervalSince1970: Self.noon),
                                                desk: Core.desk, occupancy: OccupancySettings(), actor: .anonymous(.manual), ids: Core.ids())
            request.guests = guests
            return request
        }
        let one = StaffCheckOut.decide(member: member, presence: presence, request(1))
        #expect(one.outcome == .guestsLeft(member, left: 1, stillInside: 1))
        #expect(one.outcome.message == "1 guest of Ann left — 1 still inside")
        guard case .exit(let event) = one.write else { Issue.record("nothing written"); return }
        #expect(event.kind == .guestsLeft && event.guests == 1 && event.time > presence.time && !event.movesMember)
        #expect(one.audit?.action == .guestsLeft && one.audit?.detail["guests"] == "1")
        // More than are inside: those inside leave.
        #expect(StaffCheckOut.decide(member: member, presence: presence, request(5)).outcome == .guestsLeft(member, left: 2, stillInside: 0))
        // None inside: nothing written, not accepted.
        var alone = presence
        alone.guests = 0
        let none = StaffCheckOut.decide(member: member, presence: alone, request(1))
        #expect(none.write == .nothing && !none.outcome.isAccepted && none.outcome.message == "No guests of Ann are inside")
        // Without --guests the host leaves (its guests with it): an exit.
        guard case .exit(let exit) = StaffCheckOut.decide(member: member, presence: presence, request(nil)).write else { return }
        #expect(exit.kind == .exit && exit.guests == 0)
    }
}
