extension ImportNotice {
    /// What an import did, as an audit entry's details.
    var auditDetail: [String: String] {
        ["file": file, "new": "\(new)", "updated": "\(updated)", "unchanged": "\(unchanged)",
         "unified": "\(unified)", "deleted": "\(deleted)"]
    }
}

extension Club {
    /// The audit entry maker an import hands to `MergeApplier`/`MergePlanner`.
    public func importAudit(by actor: AuditActor) -> @Sendable (ImportNotice) -> AuditEntry {
        { [self] notice in auditEntry(.import, by: actor, detail: notice.auditDetail, at: clock.now().timeIntervalSince1970) }
    }
}
