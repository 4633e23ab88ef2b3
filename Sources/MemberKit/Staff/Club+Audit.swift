import Foundation

/// Actions whose whole change is their audit line: the line decided in MemberCore
/// (`AuditEntry.made`, `ImportNotice.auditEntry`, `ExportNotice.auditEntry`), stamped with this desk and the clock's time.
extension Club {
    /// Records an action that changes nothing else (an export, a restore, a lockout) in its own
    /// transaction (`AppDatabase.record`).
    public func record(_ action: AuditAction, by actor: AuditActor, memberId: String? = nil,
                       detail: [String: String] = [:]) throws {
        let entry = AuditEntry.made(action, by: actor, at: terminal, memberId: memberId, detail: detail,
                                    time: clock.now().timeIntervalSince1970, ids: ids)
        try database.record(entry)
    }

    /// Records an export: its line is decided by `ExportNotice`, in its own transaction.
    public func record(_ export: ExportNotice, by actor: AuditActor) throws {
        try database.record(export.auditEntry(by: actor, at: terminal, time: clock.now().timeIntervalSince1970, ids: ids))
    }

    /// The audit line an import hands to `MergeApplier`/`MergePlanner`, which write it in the
    /// import's own transaction.
    public func importAudit(by actor: AuditActor) -> @Sendable (ImportNotice) -> AuditEntry {
        { [self] notice in notice.auditEntry(by: actor, at: terminal, time: clock.now().timeIntervalSince1970, ids: ids) }
    }
}
