import Foundation
@_spi(Decisions) import MemberCore
import Testing

/// Deleting a member, decided with no database: a tombstone, and its household released.
@Suite struct MemberDeletionTests {
    static let actor = AuditActor(operator: "Mia", method: .manual)

    @Test func noLiveMemberIsNotFound() {
        #expect(throws: DeskError.notFound("no member m9")) {
            try MemberDeletion.decide(nil, memberId: "m9", household: [], at: Core.t0, desk: Core.desk, by: Self.actor, ids: Core.ids(), calendar: Core.utc)
        }
        var deleted = Core.member()
        deleted.deletedAt = 5
        #expect(throws: DeskError.notFound("no member m1")) {
            try MemberDeletion.decide(deleted, memberId: "m1", household: [], at: Core.t0, desk: Core.desk, by: Self.actor, ids: Core.ids(), calendar: Core.utc)
        }
    }

    @Test func aMemberBecomesATombstoneWithItsNameAndPassRecorded() throws {
        let change = try MemberDeletion.decide(Core.member(), memberId: "m1", household: [], at: Core.t0, desk: Core.desk, by: Self.actor, ids: Core.ids(), calendar: Core.utc)
        var tombstone = Core.member()
        tombstone.deletedAt = Core.t0
        tombstone.modifiedAt = Core.t0
        tombstone.modifiedBy = "desk-a"
        // The deletion is an edit of one field: the others keep the stamp they had.
        tombstone.stamps = FieldStamps(rest: FieldStamp(time: 10, desk: "desk-b"),
                                       edited: ["deletedAt": FieldStamp(time: Core.t0, desk: "desk-a", replaced: 10)])
        #expect(change.writes == [.update(tombstone)] && change.events == [.deleted(tombstone)])
        #expect(change.audit.map(\.action) == [.delete] && change.audit[0].detail == ["name": "Ann", "pass": "AA01"])
        #expect(change.pack == nil && change.settledPasses.isEmpty)
    }

    @Test func theHouseholdOfADeletedHeadIsReleasedEachWithItsLines() throws {
        let head = Core.member("HH01", id: "h1")
        let inHousehold = Core.member("AA01", id: "m1", plan: .household, household: "h1")
        // Pointing at the head by a stale value only: nothing to release.
        let stale = Core.member("AA02", id: "m2", plan: .open, household: "h1")
        let change = try MemberDeletion.decide(head, memberId: "h1", household: [inHousehold, stale], at: Core.t0, desk: Core.desk,
                                               by: Self.actor, ids: Core.ids(), calendar: Core.utc)
        #expect(change.writes.count == 2 && change.events.count == 2)
        guard case .update(let released) = change.writes[1], case .updated(let told) = change.events[1] else {
            Issue.record("no release: \(change.writes)")
            return
        }
        #expect(released == told && released.memberId == "m1" && released.plan == .open && released.household == nil)
        #expect(released.modifiedAt == Core.t0 && released.modifiedBy == "desk-a")
        #expect(change.audit.map(\.action) == [.delete, .edit, .edit])
        #expect(change.audit.dropFirst().map { $0.detail["field"] } == ["plan", "household"])
        #expect(change.audit.dropFirst().allSatisfy { $0.memberId == "m1" && $0.operator == "Mia" })
    }

    @Test func aMemberPointingAtItselfIsDeletedNotReleased() throws {
        let odd = Core.member(plan: .household, household: "m1")
        let change = try MemberDeletion.decide(odd, memberId: "m1", household: [odd], at: Core.t0, desk: Core.desk, by: Self.actor, ids: Core.ids(), calendar: Core.utc)
        #expect(change.writes.count == 1 && change.audit.map(\.action) == [.delete])
    }
}
