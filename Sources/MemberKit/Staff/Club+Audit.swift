import Foundation

extension Club {
    /// A new entry for the record, stamped with this desk and `actor`.
    public func auditEntry(_ action: AuditAction, by actor: AuditActor, memberId: String? = nil,
                           detail: [String: String] = [:], at time: Double) -> AuditEntry {
        AuditEntry(entryId: AuditEntry.newId(at: time), time: time, deskId: terminal.id, desk: terminal.name.isEmpty ? terminal.id : terminal.name,
                   operator: actor.operator, method: actor.method, action: action, memberId: memberId, detail: detail)
    }

    /// Records actions that change nothing else (an export, a failed sign-in) in their own transaction.
    public func record(_ action: AuditAction, by actor: AuditActor, memberId: String? = nil,
                       detail: [String: String] = [:]) throws {
        try database.appendAudit([auditEntry(action, by: actor, memberId: memberId, detail: detail,
                                             at: clock.now().timeIntervalSince1970)])
    }
}
