/// A change to a live operator's account (removing it, a new PIN, a new card): pure, over the
/// account the store read in the transaction. Each is one new version and one audit line.
@_spi(Decisions) public enum StaffEdit: Sendable, Equatable {
    /// A tombstone: the removal syncs; its card is free again.
    case remove
    /// A new PIN, already hashed (slow on purpose: before the transaction).
    case pin(hash: String)
    /// A new staff card, normalized as a scan reads it.
    case card(String)

    package var action: AuditAction {
        switch self {
        case .remove: return .staffRemove
        case .pin: return .staffPIN
        case .card: return .staffCard
        }
    }

    /// The card this edit gives the operator, whose holders the store reads (nil: none given).
    package var newCard: String? {
        if case .card(let card) = self { return card }
        return nil
    }

    /// `stored`: the account named `name` as the store holds it (nil: none); `cardHolders`: who
    /// holds `newCard` now. Throws when there is no live operator of that name, or the new card is not free.
    package func decide(name: String, stored: StaffAccount?, cardHolders: CardOwnership.Holders, at time: Double,
                        desk: TerminalIdentity, by actor: AuditActor, ids: IdSource) throws -> StaffChange {
        guard var account = stored, !account.isRemoved else { throw DeskError.notFound("no operator named '\(name)'") }
        let oldCard = account.card
        var detail: [String: String] = [:]
        switch self {
        case .remove:
            account.removedAt = time
            account.card = nil
        case .pin(let hash):
            account.pinHash = hash
        case .card(let card):
            account.card = card
            detail["card"] = card
        }
        if let card = account.card, card != oldCard { try CardOwnership.requireFreeForStaff(card, cardHolders) }
        account.stamp(at: time, by: desk.id)
        detail["name"] = account.name
        return StaffChange(account: account, audit: AuditEntry.made(action, by: actor, at: desk, detail: detail, time: time, ids: ids))
    }
}
