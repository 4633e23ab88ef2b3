extension AuditEntry {
    /// A new entry for the record, stamped with `desk` (its name, else its id) and `actor`.
    package static func made(_ action: AuditAction, by actor: AuditActor, at desk: TerminalIdentity, memberId: String? = nil,
                            detail: [String: String] = [:], time: Double, entryId: String? = nil) -> AuditEntry {
        AuditEntry(entryId: entryId ?? newId(at: time), time: time, deskId: desk.id, desk: desk.name.isEmpty ? desk.id : desk.name,
                   operator: actor.operator, method: actor.method, action: action, memberId: memberId, detail: detail)
    }
}
