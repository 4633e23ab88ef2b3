import Foundation
@_spi(Decisions) import MemberCore
import Testing

/// Operators added and changed, decided with no database; and the one rule that a card is an
/// operator's or a member's.
@Suite struct StaffChangeTests {
    static let actor = AuditActor(operator: "Boss", method: .manual)

    static func request(_ name: String = "Mia", card: String? = nil, at time: Double = Core.t0) -> StaffAddition.Request {
        StaffAddition.Request(name: name, role: .desk, card: card, pinHash: "hash", time: time, desk: Core.desk, actor: actor,
                              ids: Core.ids())
    }

    static func account(_ name: String = "Mia", card: String? = nil, modifiedAt: Double = 10, removedAt: Double? = nil) -> StaffAccount {
        StaffAccount(name: name, role: .desk, card: card, pinHash: "old", addedAt: 1, modifiedAt: modifiedAt, modifiedBy: "desk-b",
                     removedAt: removedAt)
    }

    @Test func aNewOperatorIsSavedWithItsLine() throws {
        let change = try StaffAddition.decide(Self.request(card: "ST01"), existing: nil, cardHolders: CardOwnership.Holders())
        #expect(change.account == StaffAccount(name: "Mia", role: .desk, card: "ST01", pinHash: "hash", addedAt: Core.t0,
                                               modifiedAt: Core.t0, modifiedBy: "desk-a"))
        #expect(change.audit.action == .staffAdd && change.audit.detail == ["name": "Mia", "role": "desk"])
        #expect(change.audit.operator == "Boss" && change.audit.memberId == nil)
    }

    @Test func aLiveNameIsTakenButARemovedOneIsReusedWithALaterVersion() throws {
        #expect(throws: DeskError.conflict("there is already an operator named 'MIA'")) {
            try StaffAddition.decide(Self.request(), existing: Self.account("MIA"), cardHolders: CardOwnership.Holders())
        }
        let tombstone = Self.account(modifiedAt: Core.t0 + 5, removedAt: Core.t0 + 5)
        let change = try StaffAddition.decide(Self.request(), existing: tombstone, cardHolders: CardOwnership.Holders())
        #expect(change.account.modifiedAt == (Core.t0 + 5).nextUp && !change.account.isRemoved)
    }

    @Test func aStaffCardMustBeFree() {
        #expect(throws: DeskError.conflict("card ST01 is already Ola's staff card")) {
            try StaffAddition.decide(Self.request(card: "ST01"), existing: nil, cardHolders: CardOwnership.Holders(staff: "Ola"))
        }
        #expect(throws: DeskError.conflict("card ST01 is a member's card; a staff card must be its own")) {
            try StaffAddition.decide(Self.request(card: "ST01"), existing: nil, cardHolders: CardOwnership.Holders(member: true))
        }
    }

    @Test func anEditNeedsALiveOperator() {
        for stored in [nil, Self.account(removedAt: 5)] {
            #expect(throws: DeskError.notFound("no operator named 'Mia'")) {
                try StaffEdit.remove.decide(name: "Mia", stored: stored, cardHolders: CardOwnership.Holders(), at: Core.t0,
                                            desk: Core.desk, by: Self.actor, ids: Core.ids())
            }
        }
    }

    @Test func removingLeavesATombstoneWithoutItsCard() throws {
        let change = try StaffEdit.remove.decide(name: "mia", stored: Self.account(card: "ST01"), cardHolders: CardOwnership.Holders(),
                                                 at: Core.t0, desk: Core.desk, by: Self.actor, ids: Core.ids())
        #expect(change.account.removedAt == Core.t0 && change.account.card == nil)
        #expect(change.account.modifiedAt == Core.t0 && change.account.modifiedBy == "desk-a")
        #expect(change.audit.action == .staffRemove && change.audit.detail == ["name": "Mia"])
    }

    @Test func aNewPINKeepsTheCardUnchecked() throws {
        // The operator's own card is held by it: no conflict with itself.
        let change = try StaffEdit.pin(hash: "new").decide(name: "Mia", stored: Self.account(card: "ST01"),
                                                           cardHolders: CardOwnership.Holders(staff: "Mia"), at: Core.t0,
                                                           desk: Core.desk, by: Self.actor, ids: Core.ids())
        #expect(change.account.pinHash == "new" && change.account.card == "ST01" && change.audit.action == .staffPIN)
    }

    @Test func aNewCardMustBeFreeAndIsRecorded() throws {
        #expect(throws: DeskError.conflict("card ST02 is a member's card; a staff card must be its own")) {
            try StaffEdit.card("ST02").decide(name: "Mia", stored: Self.account(card: "ST01"), cardHolders: CardOwnership.Holders(member: true),
                                              at: Core.t0, desk: Core.desk, by: Self.actor, ids: Core.ids())
        }
        let change = try StaffEdit.card("ST02").decide(name: "Mia", stored: Self.account(card: "ST01"), cardHolders: CardOwnership.Holders(),
                                                       at: Core.t0, desk: Core.desk, by: Self.actor, ids: Core.ids())
        #expect(change.account.card == "ST02" && change.audit.action == .staffCard && change.audit.detail == ["name": "Mia", "card": "ST02"])
        // The card it already holds is no new card.
        let same = try StaffEdit.card("ST01").decide(name: "Mia", stored: Self.account(card: "ST01"),
                                                     cardHolders: CardOwnership.Holders(staff: "Mia"), at: Core.t0, desk: Core.desk, by: Self.actor,
                                                     ids: Core.ids())
        #expect(same.account.card == "ST01")
    }

    @Test func aMemberCardMustNotBeAStaffCard() throws {
        try CardOwnership.requireFreeForMember("AA01", isStaffCard: false)
        #expect(throws: DeskError.conflict("card AA01 is a staff card; a member card must be its own")) {
            try CardOwnership.requireFreeForMember("AA01", isStaffCard: true)
        }
    }
}
