extension Club {
    /// The entry recording `outcome` (nil: nothing to record), written in the check-in's own
    /// transaction. Kept small: it is on every tap's commit.
    func checkInAudit(_ outcome: CheckInOutcome, source: CheckInSource, by actor: AuditActor,
                      action: AuditAction? = nil, wallet: WalletKind? = nil, at time: Double) -> AuditEntry? {
        guard recordsCheckIns, let action = action ?? outcome.auditAction(source: source), let member = outcome.member else {
            return nil
        }
        var detail = ["pass": member.passId]
        if let wallet { detail["wallet"] = wallet.rawValue }
        return auditEntry(action, by: actor, memberId: member.memberId, detail: detail, at: time)
    }
}
