import Foundation

extension Club {
    /// A new entry for the record, stamped with this desk and `actor`.
    func auditEntry(_ action: AuditAction, by actor: AuditActor, memberId: String? = nil,
                           detail: [String: String] = [:], at time: Double) -> AuditEntry {
        AuditEntry.made(action, by: actor, at: terminal, memberId: memberId, detail: detail, time: time)
    }

    /// Records actions that change nothing else (an export, a failed sign-in) in their own transaction.
    public func record(_ action: AuditAction, by actor: AuditActor, memberId: String? = nil,
                       detail: [String: String] = [:]) throws {
        try database.appendAudit([auditEntry(action, by: actor, memberId: memberId, detail: detail,
                                             at: clock.now().timeIntervalSince1970)])
    }
}
