import Foundation

extension Club {
    /// Adds a member with no visits; its pass must be free.
    @discardableResult
    public func addMember(passId raw: String, username: String? = nil, fields: [String: JSONValue] = [:],
                          status: MemberStatus = .active, expiresAt: Double? = nil, note: String? = nil,
                          by actor: AuditActor = .anonymous(.manual)) throws -> MemberRecord {
        let pass = try normalize(raw)
        let time = clock.now().timeIntervalSince1970
        let member = MemberRecord(passId: pass.passId, username: username ?? pass.username, timeStampAdded: time,
                                  fields: fields, status: status, expiresAt: expiresAt, note: note,
                                  modifiedAt: time, modifiedBy: terminal.id)
        try database.write { store in
            try Self.requireNotStaffCard(member.passId, store: store)
            try store.insertMember(member)
            try store.appendAudit(auditEntry(.enrol, by: actor, memberId: member.memberId, at: time))
        }
        bus.publish(.memberCreated(member))
        return member
    }

    @discardableResult
    public func updateMember(id: String, _ changes: MemberChanges, by actor: AuditActor = .anonymous(.manual)) throws -> MemberRecord {
        let time = clock.now().timeIntervalSince1970
        let passId = try changes.passId.map { try normalize($0).passId }
        let member = try database.write { store -> MemberRecord in
            guard var member = try store.member(memberId: id), !member.isDeleted else {
                throw DeskError.notFound("no member \(id)")
            }
            let oldPass = member.passId, before = member
            if let passId, passId != member.passId {
                try Self.requireNotStaffCard(passId, store: store)
                member.passId = passId
                member.passSince = time  // it holds the new card from now, not from when it was added
            }
            if let username = changes.username { member.username = username }
            for (name, value) in changes.fields { member.fields[name] = value }
            if let status = changes.status { member.status = status }
            if let expiresAt = changes.expiresAt { member.expiresAt = expiresAt }
            if let note = changes.note { member.note = note }
            member.modifiedAt = max(time, member.modifiedAt.nextUp)  // every version gets its own stamp
            member.modifiedBy = terminal.id
            try store.updateMember(member)
            for entry in MemberEdit.entries(before: before, after: member) {
                try store.appendAudit(auditEntry(entry.action, by: actor, memberId: member.memberId, detail: entry.detail, at: time))
            }
            if member.passId != oldPass {
                // Members unified into this one through the old card are their own again, and
                // the new card's former holders are settled with it.
                _ = try PassGroup.settle(store, passId: oldPass, pending: nil)
                _ = try PassGroup.settle(store, passId: member.passId, pending: nil)
                member = try store.member(memberId: member.memberId) ?? member
            }
            return member
        }
        bus.publish(.memberUpdated(member))
        return member
    }

    /// Deletes a member, keeping a tombstone so that the deletion syncs to other terminals.
    public func deleteMember(id: String, by actor: AuditActor = .anonymous(.manual)) throws {
        let time = clock.now().timeIntervalSince1970
        let deleted = try database.write { store in
            guard var member = try store.member(memberId: id), !member.isDeleted else {
                throw DeskError.notFound("no member \(id)")
            }
            member.deletedAt = time
            member.modifiedAt = max(time, member.modifiedAt.nextUp)  // every version gets its own stamp
            member.modifiedBy = terminal.id
            try store.updateMember(member)
            try store.appendAudit(auditEntry(.delete, by: actor, memberId: member.memberId,
                                             detail: ["name": member.username ?? "", "pass": member.passId], at: time))
            return member
        }
        bus.publish(.memberDeleted(deleted))
    }
}
