import Foundation

/// Operators: adding, removing, new PINs and cards. Each change and its audit entry commit together.
/// A staff card is never a member's card (checked both ways, inside the write).
extension Club {
    @discardableResult
    public func addStaff(name rawName: String, role: StaffRole, card rawCard: String? = nil, pin: PIN,
                         hasher: any PINHasher, by actor: AuditActor) throws -> StaffAccount {
        let name = try StaffAccount.validName(rawName)
        let card = try rawCard.map { try normalize($0).passId }
        let hash = try hasher.hash(pin)
        let time = clock.now().timeIntervalSince1970
        return try database.write { store in
            if let existing = try store.staffAccount(named: name), !existing.isRemoved {
                throw DeskError.conflict("there is already an operator named '\(existing.name)'")
            }
            if let card { try Self.requireFreeStaffCard(card, store: store) }
            // A name reused after a removal gets a version later than the tombstone's.
            let previous = try store.staffAccount(named: name)
            let account = StaffAccount(name: name, role: role, card: card, pinHash: hash, addedAt: time,
                                       modifiedAt: previous.map { VersionStamp.next(after: $0.modifiedAt, at: time) } ?? time,
                                       modifiedBy: terminal.id)
            try store.saveStaff(account)
            try store.appendAudit(auditEntry(.staffAdd, by: actor, detail: ["name": name, "role": role.rawValue], at: time))
            return account
        }
    }

    public func removeStaff(name: String, by actor: AuditActor) throws {
        try changeStaff(name: name, action: .staffRemove, by: actor, detail: [:]) { account, time in
            account.removedAt = time
            account.card = nil
        }
    }

    public func setStaffPIN(name: String, pin: PIN, hasher: any PINHasher, by actor: AuditActor) throws {
        let hash = try hasher.hash(pin)
        try changeStaff(name: name, action: .staffPIN, by: actor, detail: [:]) { account, _ in account.pinHash = hash }
    }

    public func setStaffCard(name: String, card rawCard: String, by actor: AuditActor) throws {
        let card = try normalize(rawCard).passId
        try changeStaff(name: name, action: .staffCard, by: actor, detail: ["card": card]) { account, _ in
            account.card = card
        }
    }

    /// Changes a live operator's account with `change` and records `action`, in one transaction.
    private func changeStaff(name: String, action: AuditAction, by actor: AuditActor, detail: [String: String],
                             _ change: (inout StaffAccount, Double) -> Void) throws {
        let time = clock.now().timeIntervalSince1970
        try database.write { store in
            guard var account = try store.staffAccount(named: name), !account.isRemoved else {
                throw DeskError.notFound("no operator named '\(name)'")
            }
            let oldCard = account.card
            change(&account, time)
            if let card = account.card, card != oldCard { try Self.requireFreeStaffCard(card, store: store) }
            account.stamp(at: time, by: terminal.id)
            try store.saveStaff(account)
            var detail = detail
            detail["name"] = account.name
            try store.appendAudit(auditEntry(action, by: actor, detail: detail, at: time))
        }
    }

    /// A card an operator may take: no other operator's, and no live member's.
    private static func requireFreeStaffCard(_ card: String, store: StoreTransaction) throws {
        if let holder = try store.liveStaffAccount(card: card) {
            throw DeskError.conflict("card \(card) is already \(holder.name)'s staff card")
        }
        if try store.liveMember(passId: card) != nil {
            throw DeskError.conflict("card \(card) is a member's card; a staff card must be its own")
        }
    }

    /// Refuses a member card that is an operator's card (adding, editing, enrolling).
    static func requireNotStaffCard(_ passId: String, store: StoreTransaction) throws {
        if try store.liveStaffAccount(card: passId) != nil {
            throw DeskError.conflict("card \(passId) is a staff card; a member card must be its own")
        }
    }
}
