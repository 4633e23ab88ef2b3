/// What the record says of a tap, a check-in by hand or a check-out: only outcomes that wrote
/// something are recorded (a duplicate, a refusal or an unknown card changes nothing).
extension CheckInOutcome {
    /// The record's action for this outcome from `source`, or nil when nothing was written.
    package func auditAction(source: CheckInSource) -> AuditAction? {
        switch self {
        case .checkedIn: return source == .manual ? .manualCheckIn : .visit
        case .enrolled: return .enrol
        case .checkedOut: return .exit
        case .guestsLeft(_, let left, _): return left > 0 ? .guestsLeft : nil
        case .duplicate, .duplicateExit, .refused, .unknownPass, .notInside, .staffCard, .cardRefused, .walletRefused: return nil
        }
    }

    /// The entry recording this outcome (nil: nothing to record, or `recording` is off), written
    /// in the check-in's own transaction. Kept small: it is on every tap's commit.
    package func auditEntry(source: CheckInSource, by actor: AuditActor, at desk: TerminalIdentity, action: AuditAction? = nil,
                            wallet: WalletKind? = nil, time: Double, ids: IdSource, recording: Bool = true) -> AuditEntry? {
        guard recording, let action = action ?? auditAction(source: source), let member else { return nil }
        var detail = ["pass": member.passId]
        if let wallet { detail["wallet"] = wallet.rawValue }
        return AuditEntry.made(action, by: actor, at: desk, memberId: member.memberId, detail: detail, time: time, ids: ids)
    }
}
