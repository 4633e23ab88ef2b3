import Foundation
@_spi(Decisions) import MemberCore
import Testing

/// Adding a member, decided with no database: what the store is to write.
@Suite struct MemberAdditionTests {
    static let actor = AuditActor(operator: "Mia", method: .manual)

    static func candidate(_ pass: String = "AA01", plan: PlanChanges = PlanChanges(), username: String? = nil) throws -> MemberRecord {
        try MemberAddition.candidate(pass: NormalizedPass(passId: pass, username: "Ann\u{7}"), username: username, fields: [:],
                                     status: .active, expiresAt: nil, note: nil, plan: plan, at: Core.t0, desk: "desk-a", ids: Core.ids())
    }

    @Test func aNewMemberIsInsertedWithItsEnrolLineAndCreated() throws {
        let member = try Self.candidate()
        // A name read from the pass is made safe, not refused.
        #expect(member.username == PlainText.shown("Ann\u{7}") && member.numVisits == 0)
        #expect(member.modifiedAt == Core.t0 && member.modifiedBy == "desk-a" && member.timeStampAdded == Core.t0)
        let change = try MemberAddition.decide(member, plan: PlanChanges(), passIsStaffCard: false, facts: MemberPlanFacts(),
                                               by: Self.actor, at: Core.desk, ids: Core.ids())
        #expect(change.writes == [.insert(member)] && change.events == [.created(member)])
        #expect(change.pack == nil && change.settledPasses.isEmpty)
        #expect(change.audit.map(\.action) == [.enrol] && change.audit[0].memberId == member.memberId)
        #expect(change.audit[0].operator == "Mia" && change.audit[0].desk == "Front" && change.audit[0].time == Core.t0)
    }

    @Test func aStaffCardIsNoMemberCard() throws {
        let member = try Self.candidate()
        #expect(throws: DeskError.conflict("card AA01 is a staff card; a member card must be its own")) {
            try MemberAddition.decide(member, plan: PlanChanges(), passIsStaffCard: true, facts: MemberPlanFacts(),
                                      by: Self.actor, at: Core.desk, ids: Core.ids())
        }
    }

    @Test func aPackIsToppedUpThroughThisDesksCountersWithItsLineFirst() throws {
        let plan = PlanChanges(visits: 10)
        let member = try Self.candidate(plan: plan)
        #expect(member.plan == .pack)
        let change = try MemberAddition.decide(member, plan: plan, passIsStaffCard: false, facts: MemberPlanFacts(packBalance: 0),
                                               by: Self.actor, at: Core.desk, ids: Core.ids())
        #expect(change.pack == MemberChange.PackCount(memberId: member.memberId, added: 10, used: 0))
        #expect(change.audit.map(\.action) == [.edit, .enrol])
        #expect(change.audit[0].detail == ["field": "pack", "before": "0", "after": "10"])
    }

    @Test func aPackSetToItsBalanceTouchesNoCounterButIsRecorded() throws {
        let plan = PlanChanges(visits: 0)
        let change = try MemberAddition.decide(try Self.candidate(plan: plan), plan: plan, passIsStaffCard: false,
                                               facts: MemberPlanFacts(packBalance: 0), by: Self.actor, at: Core.desk, ids: Core.ids())
        #expect(change.pack == nil && change.audit.map(\.action) == [.edit, .enrol])
    }

    @Test func aHouseholdThatCannotStandIsRefused() throws {
        let plan = PlanChanges(household: "h1")
        let member = try Self.candidate(plan: plan)
        let nested = Core.member("HH01", id: "h1", plan: .household, household: "h0")
        #expect(throws: PlanEditError(.household, "Ann is in a household already: households do not nest")) {
            try MemberAddition.decide(member, plan: plan, passIsStaffCard: false, facts: MemberPlanFacts(head: nested),
                                      by: Self.actor, at: Core.desk, ids: Core.ids())
        }
        let head = Core.member("HH01", id: "h1")
        let change = try MemberAddition.decide(member, plan: plan, passIsStaffCard: false, facts: MemberPlanFacts(head: head),
                                               by: Self.actor, at: Core.desk, ids: Core.ids())
        #expect(change.writes == [.insert(member)])
    }

    /// The order the store kept before the decision moved: a pass another member holds is refused
    /// before the household is looked at, and names its holder.
    @Test func aPassAnotherMemberHoldsIsRefusedBeforeTheHousehold() throws {
        let plan = PlanChanges(household: "h1")
        let member = try Self.candidate(plan: plan)
        let nested = Core.member("HH01", id: "h1", plan: .household, household: "h0")
        let holder = Core.member(member.passId.lowercased(), id: "other")
        #expect(throws: DeskError.conflict("pass \(member.passId) already belongs to \(holder.displayName)")) {
            try MemberAddition.decide(member, plan: plan, passIsStaffCard: false, passHolder: holder,
                                      facts: MemberPlanFacts(head: nested), by: Self.actor, at: Core.desk, ids: Core.ids())
        }
    }
}
