extension AuditEntry {
    /// A new entry for the record, stamped with `desk` (its name, else its id) and `actor`, its id
    /// from `ids` (`newId`).
    package static func made(_ action: AuditAction, by actor: AuditActor, at desk: TerminalIdentity, memberId: String? = nil,
                            detail: [String: String] = [:], time: Double, ids: IdSource) -> AuditEntry {
        made(action, by: actor, at: desk, memberId: memberId, detail: detail, time: time, entryId: newId(at: time, unique: ids.make()))
    }

    /// An entry whose id is given: derived from what it records (an automatic exit's).
    package static func made(_ action: AuditAction, by actor: AuditActor, at desk: TerminalIdentity, memberId: String? = nil,
                            detail: [String: String] = [:], time: Double, entryId: String) -> AuditEntry {
        AuditEntry(entryId: entryId, time: time, deskId: desk.id, desk: desk.name.isEmpty ? desk.id : desk.name,
                   operator: actor.operator, method: actor.method, action: action, memberId: memberId, detail: detail)
    }
}
