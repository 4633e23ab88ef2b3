extension Club {
    /// The entry recording `outcome` at this desk (nil: nothing to record), as the core makes it
    /// (`CheckInOutcome.auditEntry`); a staff check-out writes it in its own transaction.
    func checkInAudit(_ outcome: CheckInOutcome, source: CheckInSource, by actor: AuditActor,
                      action: AuditAction? = nil, wallet: WalletKind? = nil, at time: Double) -> AuditEntry? {
        outcome.auditEntry(source: source, by: actor, at: terminal, action: action, wallet: wallet, time: time, recording: recordsCheckIns)
    }
}
