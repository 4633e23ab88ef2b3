/// Adding an operator: pure, over what the store read in the transaction. The name is validated
/// and the PIN hashed before it (hashing is slow on purpose, and no rule).
@_spi(Decisions) public enum StaffAddition {
    package struct Request: Sendable {
        package var name: String
        package var role: StaffRole
        /// Normalized as a scan reads it (nil: no card).
        package var card: String?
        package var pinHash: String
        package var time: Double
        package var desk: TerminalIdentity
        package var actor: AuditActor
        /// The audit line's id.
        package var ids: IdSource

        package init(name: String, role: StaffRole, card: String?, pinHash: String, time: Double, desk: TerminalIdentity,
                     actor: AuditActor, ids: IdSource) {
            self.name = name
            self.role = role
            self.card = card
            self.pinHash = pinHash
            self.time = time
            self.desk = desk
            self.actor = actor
            self.ids = ids
        }
    }

    /// `existing`: the operator of that name, removed or not (nil: none); `cardHolders`: who holds
    /// the card now (read only when there is a card). Throws when the name is a live operator's,
    /// or the card is not free, in that order.
    package static func decide(_ request: Request, existing: StaffAccount?, cardHolders: CardOwnership.Holders) throws -> StaffChange {
        if let existing, !existing.isRemoved {
            throw DeskError.conflict("there is already an operator named '\(existing.name)'")
        }
        if let card = request.card { try CardOwnership.requireFreeForStaff(card, cardHolders) }
        // A name reused after a removal gets a version later than the tombstone's.
        let account = StaffAccount(name: request.name, role: request.role, card: request.card, pinHash: request.pinHash,
                                   addedAt: request.time,
                                   modifiedAt: existing.map { VersionStamp.next(after: $0.modifiedAt, at: request.time) } ?? request.time,
                                   modifiedBy: request.desk.id)
        let audit = AuditEntry.made(.staffAdd, by: request.actor, at: request.desk,
                                    detail: ["name": request.name, "role": request.role.rawValue], time: request.time, ids: request.ids)
        return StaffChange(account: account, audit: audit)
    }
}
