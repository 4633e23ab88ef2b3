import Foundation
@_spi(Decisions) import MemberCore
import Testing

/// Editing a member, decided with no database: the member as the edit leaves it, then what to write.
@Suite struct MemberUpdateTests {
    static let actor = AuditActor(operator: "Mia", method: .manual)

    static func request(_ changes: MemberChanges, passId: String? = nil, at time: Double = Core.t0) -> MemberUpdate.Request {
        MemberUpdate.Request(memberId: "m1", changes: changes, passId: passId, time: time, desk: Core.desk, actor: actor,
                             ids: Core.ids(), calendar: Core.utc)
    }

    @Test func noLiveMemberIsNotFound() {
        #expect(throws: DeskError.notFound("no member m1")) {
            try MemberUpdate.edited(nil, Self.request(MemberChanges(note: "hi")), passIsStaffCard: false)
        }
        var deleted = Core.member()
        deleted.deletedAt = 5
        #expect(throws: DeskError.notFound("no member m1")) {
            try MemberUpdate.edited(deleted, Self.request(MemberChanges(note: "hi")), passIsStaffCard: false)
        }
    }

    @Test func fieldsChangeAndTheVersionIsStampedAfterTheStoredOne() throws {
        let stored = Core.member()
        // A clock stepped back behind the stored version: the new one is still later.
        let request = Self.request(MemberChanges(username: "Bea", status: .suspended, note: "late"), at: 5)
        let edited = try MemberUpdate.edited(stored, request, passIsStaffCard: false)
        #expect(edited.username == "Bea" && edited.status == .suspended && edited.note == "late")
        #expect(edited.modifiedAt == (10.0).nextUp && edited.modifiedBy == "desk-a")
        let change = try MemberUpdate.decide(before: stored, after: edited, request, facts: MemberPlanFacts())
        #expect(change.writes == [.update(edited)] && change.events == [.updated(edited)])
        #expect(change.settledPasses.isEmpty && change.pack == nil)
        #expect(change.audit.map(\.action) == [.suspend, .edit, .edit])
        #expect(change.audit.map { $0.detail["field"] } == [nil, "name", "note"])
        #expect(change.audit.allSatisfy { $0.time == 5 && $0.memberId == "m1" && $0.operator == "Mia" })
    }

    @Test func aNewPassThatIsAStaffCardIsRefusedBeforeThePlan() {
        // The plan edit is bad too: the card is what is said.
        let changes = MemberChanges(passId: "ST01", plan: PlanChanges(visits: -1))
        #expect(throws: DeskError.conflict("card ST01 is a staff card; a member card must be its own")) {
            try MemberUpdate.edited(Core.member(), Self.request(changes, passId: "ST01"), passIsStaffCard: true)
        }
        // The same pass kept is no new card, whatever the store says of it.
        #expect(throws: PlanEditError(.visits, "must be 0 to 100000, not -1")) {
            try MemberUpdate.edited(Core.member(), Self.request(changes, passId: "AA01"), passIsStaffCard: true)
        }
    }

    @Test func aPassChangeSettlesBothPassesAndStartsANewHolding() throws {
        let stored = Core.member()
        let request = Self.request(MemberChanges(passId: "BB02"), passId: "BB02")
        let edited = try MemberUpdate.edited(stored, request, passIsStaffCard: false)
        #expect(edited.passId == "BB02" && edited.passSince == Core.t0)
        let change = try MemberUpdate.decide(before: stored, after: edited, request, facts: MemberPlanFacts())
        #expect(change.settledPasses == ["AA01", "BB02"])
        #expect(change.audit.map(\.detail) == [["field": "pass", "before": "AA01", "after": "BB02"]])
    }

    @Test func thePassInAnotherCaseIsNoNewCard() throws {
        let stored = Core.member("ab01")
        let request = Self.request(MemberChanges(passId: "AB01"), passId: "AB01")
        let edited = try MemberUpdate.edited(stored, request, passIsStaffCard: false)
        #expect(edited.passId == "AB01" && edited.passSince == nil)
        #expect(try MemberUpdate.decide(before: stored, after: edited, request, facts: MemberPlanFacts()).settledPasses.isEmpty)
    }

    @Test func aTopUpAddsToThePackAtTheNewVersionsTime() throws {
        let stored = Core.member(plan: .pack)
        let request = Self.request(MemberChanges(plan: PlanChanges(addVisits: 5)), at: 5)
        let edited = try MemberUpdate.edited(stored, request, passIsStaffCard: false)
        let change = try MemberUpdate.decide(before: stored, after: edited, request, facts: MemberPlanFacts(packBalance: 3))
        #expect(change.pack == MemberChange.PackCount(memberId: "m1", added: 5, used: 0))
        #expect(change.audit.map(\.detail) == [["field": "pack", "before": "3", "after": "8"]])
        #expect(change.audit[0].time == edited.modifiedAt)
        // Setting fewer than are left uses visits of this desk's counter.
        let lower = Self.request(MemberChanges(plan: PlanChanges(visits: 1)))
        let lowered = try MemberUpdate.decide(before: stored, after: try MemberUpdate.edited(stored, lower, passIsStaffCard: false),
                                              lower, facts: MemberPlanFacts(packBalance: 3))
        #expect(lowered.pack == MemberChange.PackCount(memberId: "m1", added: 0, used: 2))
    }

    @Test func aHeadCannotJoinAnotherHousehold() throws {
        let request = Self.request(MemberChanges(plan: PlanChanges(household: "h1")))
        let edited = try MemberUpdate.edited(Core.member(), request, passIsStaffCard: false)
        #expect(throws: PlanEditError(.household, "Ann heads a household, so cannot join another")) {
            try MemberUpdate.decide(before: Core.member(), after: edited, request,
                                    facts: MemberPlanFacts(head: Core.member("HH01", id: "h1"), hasHouseholdMembers: true))
        }
    }

    /// A new pass another member holds is refused before the household is looked at.
    @Test func aPassAnotherMemberHoldsIsRefusedBeforeTheHousehold() throws {
        let request = Self.request(MemberChanges(plan: PlanChanges(household: "h1")))
        let edited = try MemberUpdate.edited(Core.member(), request, passIsStaffCard: false)
        let holder = Core.member("HH02", id: "other")
        #expect(throws: DeskError.conflict("pass \(edited.passId) already belongs to \(holder.displayName)")) {
            try MemberUpdate.decide(before: Core.member(), after: edited, request, passHolder: holder,
                                    facts: MemberPlanFacts(head: Core.member("HH01", id: "h1"), hasHouseholdMembers: true))
        }
    }
}
