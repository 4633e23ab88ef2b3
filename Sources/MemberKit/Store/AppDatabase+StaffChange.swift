import Foundation
import GRDB
@_spi(Decisions) import MemberCore

/// Operator changes, each one transaction: the store reads the account and who holds the card,
/// the decision in MemberCore (`StaffAddition`, `StaffEdit`) says what to write, the store writes it.
extension AppDatabase {
    func addStaff(_ request: StaffAddition.Request) throws -> StaffAccount {
        try write { store in
            let existing = try store.staffAccount(named: request.name)
            let holders = try request.card.map { try store.cardHolders($0) } ?? CardOwnership.Holders()
            let change = try StaffAddition.decide(request, existing: existing, cardHolders: holders)
            try store.write(change)
            return change.account
        }
    }

    func changeStaff(name: String, _ edit: StaffEdit, at time: Double, desk: TerminalIdentity, by actor: AuditActor,
                     ids: IdSource) throws {
        try write { store in
            let holders = try edit.newCard.map { try store.cardHolders($0) } ?? CardOwnership.Holders()
            let change = try edit.decide(name: name, stored: try store.staffAccount(named: name), cardHolders: holders, at: time,
                                         desk: desk, by: actor, ids: ids)
            try store.write(change)
        }
    }
}

extension StoreTransaction {
    /// Who holds `card` now, for `CardOwnership`: a live operator, a live member.
    func cardHolders(_ card: String) throws -> CardOwnership.Holders {
        CardOwnership.Holders(staff: try liveStaffAccount(card: card)?.name, member: try liveMember(passId: card) != nil)
    }

    func write(_ change: StaffChange) throws {
        try saveStaff(change.account)
        try appendAudit(change.audit)
    }
}
