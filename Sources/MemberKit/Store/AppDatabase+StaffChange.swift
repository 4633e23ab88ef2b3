import Foundation
import GRDB
@_spi(Decisions) import MemberCore

/// Operator changes, each a `StoreOperation` (`AppDatabase.run`, in one transaction): the store
/// reads the account and who holds the card, the decision in MemberCore (`StaffAddition`,
/// `StaffEdit`) says what to write, the store writes it. Nothing is announced on the bus.
struct StaffAdditionOperation: StoreEdit {
    var request: StaffAddition.Request
    var time: Double { request.time }
    /// The operator of that name (removed or not), and who holds the card.
    typealias Facts = (existing: StaffAccount?, holders: CardOwnership.Holders)

    func facts(in store: StoreTransaction) throws -> Facts {
        (try store.staffAccount(named: request.name), try store.cardHolders(request.card))
    }

    func decide(_ facts: Facts) throws -> StaffChange {
        try StaffAddition.decide(request, existing: facts.existing, cardHolders: facts.holders)
    }

    func write(_ change: StaffChange, _ facts: Facts, in store: StoreTransaction) throws -> StaffChange {
        try store.write(change)
        return change
    }
}

struct StaffEditOperation: StoreEdit {
    var name: String
    var edit: StaffEdit
    var stamp: EditStamp
    var time: Double { stamp.time }
    typealias Facts = (stored: StaffAccount?, holders: CardOwnership.Holders)

    func facts(in store: StoreTransaction) throws -> Facts {
        (try store.staffAccount(named: name), try store.cardHolders(edit.newCard))
    }

    func decide(_ facts: Facts) throws -> StaffChange {
        try edit.decide(name: name, stored: facts.stored, cardHolders: facts.holders, at: time, desk: stamp.desk, by: stamp.actor,
                        ids: stamp.ids)
    }

    func write(_ change: StaffChange, _ facts: Facts, in store: StoreTransaction) throws -> StaffChange {
        try store.write(change)
        return change
    }
}

/// An operator's change says nothing on the bus.
extension StaffChange: Announcing {
    var event: DeskEvent? { nil }
    mutating func markQueued() {}
}

extension StoreTransaction {
    /// Who holds `card` now, for `CardOwnership`: a live operator, a live member (no card: no one, read for none).
    func cardHolders(_ card: String?) throws -> CardOwnership.Holders {
        guard let card else { return CardOwnership.Holders() }
        return CardOwnership.Holders(staff: try liveStaffAccount(card: card)?.name, member: try liveMember(passId: card) != nil)
    }

    func write(_ change: StaffChange) throws {
        try saveStaff(change.account)
        try appendAudit(change.audit)
    }
}
