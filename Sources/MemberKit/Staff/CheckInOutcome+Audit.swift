/// What the record says of a tap, a check-in by hand or a check-out: only outcomes that wrote
/// something are recorded (a duplicate, a refusal or an unknown card changes nothing).
extension CheckInOutcome {
    /// The record's action for this outcome from `source`, or nil when nothing was written.
    func auditAction(source: CheckInSource) -> AuditAction? {
        switch self {
        case .checkedIn: return source == .manual ? .manualCheckIn : .visit
        case .enrolled: return .enrol
        case .checkedOut: return .exit
        case .duplicate, .duplicateExit, .refused, .unknownPass, .notInside, .staffCard, .cardRefused, .walletRefused: return nil
        }
    }
}

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
