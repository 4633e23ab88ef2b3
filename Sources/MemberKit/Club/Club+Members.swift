import Foundation
@_spi(Decisions) import MemberCore

/// Member edits by hand. Each is: the input checked and the pass normalized here, then one
/// store operation run by `perform` (it reads the facts, a MemberCore decision says what to
/// write, it writes that), and the bus told what was committed.
extension Club {
    /// Adds a member with no visits; its pass must be free.
    @discardableResult
    public func addMember(passId raw: String, username: String? = nil, fields: [String: JSONValue] = [:],
                          status: MemberStatus = .active, expiresAt: Double? = nil, note: String? = nil,
                          plan: PlanChanges = PlanChanges(), door: DoorDetails = DoorDetails(),
                          by actor: AuditActor = .anonymous(.manual)) throws -> MemberRecord {
        try MemberFieldRules.validateName(username ?? "")
        try MemberFieldRules.validateNote(note ?? "")
        for (name, value) in fields { try MemberFieldRules.validateField(name, value) }
        let pass = try normalize(raw)
        let stamp = editStamp(by: actor)
        let member = try door.applied(to: MemberAddition.candidate(pass: pass, username: username, fields: fields, status: status,
                                                                   expiresAt: expiresAt, note: note, plan: plan, at: stamp.time,
                                                                   desk: terminal.id, ids: ids))
        _ = try perform(MemberAdditionOperation(member: member, plan: plan, stamp: stamp))
        return member
    }

    @discardableResult
    public func updateMember(id: String, _ changes: MemberChanges, by actor: AuditActor = .anonymous(.manual)) throws -> MemberRecord {
        if let username = changes.username { try MemberFieldRules.validateName(username ?? "") }
        if let note = changes.note { try MemberFieldRules.validateNote(note ?? "") }
        if let alert = changes.alert { try MemberFieldRules.validateAlert(alert ?? "") }
        if let guardian = changes.guardian { try MemberFieldRules.validateName(guardian ?? "", field: "guardian") }
        for (name, value) in changes.fields { try MemberFieldRules.validateField(name, value) }
        let time = clock.now().timeIntervalSince1970
        let passId = try changes.passId.map { try normalize($0).passId }
        let events = try perform(MemberUpdateOperation(request: MemberUpdate.Request(
            memberId: id, changes: changes, passId: passId, time: time, desk: terminal, actor: actor, ids: ids,
            calendar: settings.plans.calendar)))
        return events[0].member
    }

    /// Deletes a member, keeping a tombstone so that the deletion syncs to other terminals. The
    /// members of its household, if it headed one, are open members again: they are returned.
    @discardableResult
    public func deleteMember(id: String, by actor: AuditActor = .anonymous(.manual)) throws -> [MemberRecord] {
        let events = try perform(MemberDeletionOperation(memberId: id, stamp: editStamp(by: actor), calendar: settings.plans.calendar))
        // The first event is the deletion; the rest are the household's members, released.
        return events.dropFirst().map(\.member)
    }

    /// Erases a deleted member's personal data (and that of the members unified into it), here
    /// and, through the next sync files, at every desk (`MemberPurge`). Returns the erased tombstone.
    @discardableResult
    public func purgeMember(id: String, by actor: AuditActor = .anonymous(.manual)) throws -> MemberRecord {
        let events = try perform(MemberPurgeOperation(memberId: id, stamp: editStamp(by: actor)))
        // The old pages' copies in the WAL go too (a reader still holding them keeps the file as it is).
        try database.checkpointTruncating()
        return events[0].member
    }
}
