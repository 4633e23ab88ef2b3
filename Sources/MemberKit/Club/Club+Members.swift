import Foundation

extension Club {
    /// Adds a member with no visits; its pass must be free.
    @discardableResult
    public func addMember(passId raw: String, username: String? = nil, fields: [String: JSONValue] = [:],
                          status: MemberStatus = .active, expiresAt: Double? = nil, note: String? = nil,
                          plan: PlanChanges = PlanChanges(),
                          by actor: AuditActor = .anonymous(.manual)) throws -> MemberRecord {
        try MemberFieldRules.validateName(username ?? "")
        try MemberFieldRules.validateNote(note ?? "")
        for (name, value) in fields { try MemberFieldRules.validateField(name, value) }
        let pass = try normalize(raw)
        let time = clock.now().timeIntervalSince1970
        // A name read from the pass itself is made safe rather than refused: the tap enrols.
        let member = try plan.applied(to: MemberRecord(passId: pass.passId, username: username ?? pass.username.map(PlainText.shown), timeStampAdded: time,
                                                       fields: fields, status: status, expiresAt: expiresAt, note: note,
                                                       modifiedAt: time, modifiedBy: terminal.id))
        try database.write { store in
            try Self.requireNotStaffCard(member.passId, store: store)
            try store.insertMember(member)
            try applyPack(plan, to: member, by: actor, store: store)
            try store.appendAudit(auditEntry(.enrol, by: actor, memberId: member.memberId, at: time))
        }
        bus.publish(.memberCreated(member))
        return member
    }

    @discardableResult
    public func updateMember(id: String, _ changes: MemberChanges, by actor: AuditActor = .anonymous(.manual)) throws -> MemberRecord {
        if let username = changes.username { try MemberFieldRules.validateName(username ?? "") }
        if let note = changes.note { try MemberFieldRules.validateNote(note ?? "") }
        for (name, value) in changes.fields { try MemberFieldRules.validateField(name, value) }
        let time = clock.now().timeIntervalSince1970
        let passId = try changes.passId.map { try normalize($0).passId }
        let member = try database.write { store -> MemberRecord in
            guard var member = try store.member(memberId: id), !member.isDeleted else {
                throw DeskError.notFound("no member \(id)")
            }
            let oldPass = member.passId, before = member
            if let passId, passId != member.passId {
                try Self.requireNotStaffCard(passId, store: store)
                // It holds a new card from now, not from when it was added; the same card in another case is no new card.
                if !PassIdNormalizer.samePass(passId, member.passId) { member.passSince = time }
                member.passId = passId
            }
            if let username = changes.username { member.username = username }
            for (name, value) in changes.fields { member.fields[name] = value }
            if let status = changes.status { member.status = status }
            if let expiresAt = changes.expiresAt { member.expiresAt = expiresAt }
            if let note = changes.note { member.note = note }
            member = try changes.plan.applied(to: member)
            member.stamp(at: time, by: terminal.id)
            try store.updateMember(member)
            try applyPack(changes.plan, to: member, by: actor, store: store)
            for entry in MemberEdit.entries(before: before, after: member) {
                try store.appendAudit(auditEntry(entry.action, by: actor, memberId: member.memberId, detail: entry.detail, at: time))
            }
            if !PassIdNormalizer.samePass(member.passId, oldPass) {
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

    /// Deletes a member, keeping a tombstone so that the deletion syncs to other terminals. The
    /// members of its household, if it headed one, are open members again: they are returned.
    @discardableResult
    public func deleteMember(id: String, by actor: AuditActor = .anonymous(.manual)) throws -> [MemberRecord] {
        let time = clock.now().timeIntervalSince1970
        let (deleted, released) = try database.write { store in
            guard var member = try store.member(memberId: id), !member.isDeleted else {
                throw DeskError.notFound("no member \(id)")
            }
            member.deletedAt = time
            member.stamp(at: time, by: terminal.id)
            try store.updateMember(member)
            try store.appendAudit(auditEntry(.delete, by: actor, memberId: member.memberId,
                                             detail: ["name": member.username ?? "", "pass": member.passId], at: time))
            var released: [MemberRecord] = []
            for other in try store.householdMembers(of: member.memberId) {
                guard let release = HouseholdRule.released(other, at: time, by: terminal.id) else { continue }
                try store.updateMember(release.member)
                for entry in release.edits {
                    try store.appendAudit(auditEntry(entry.action, by: actor, memberId: other.memberId, detail: entry.detail, at: time))
                }
                released.append(release.member)
            }
            return (member, released)
        }
        bus.publish(.memberDeleted(deleted))
        for member in released { bus.publish(.memberUpdated(member)) }
        return released
    }

    /// A plan edit's pack part, in the edit's transaction: sets or tops up the pack through this
    /// desk's counters, after the household rule is checked.
    private func applyPack(_ plan: PlanChanges, to member: MemberRecord, by actor: AuditActor, store: StoreTransaction) throws {
        if let problem = try store.householdProblem(member) { throw PlanEditError(.household, problem) }
        if plan.changesPack {
            let topUp = PackTopUp(plan, balance: try store.packBalance(memberId: member.memberId))
            if topUp.change != 0 {
                try store.addToPack(memberId: member.memberId, terminalId: terminal.id, added: topUp.added, used: topUp.used)
            }
            try store.appendAudit(auditEntry(.edit, by: actor, memberId: member.memberId, detail: topUp.auditDetail, at: member.modifiedAt))
        }
    }
}
