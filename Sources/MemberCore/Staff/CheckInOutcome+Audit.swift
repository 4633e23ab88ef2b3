/// What the record says of a tap, a check-in by hand or a check-out: outcomes that wrote
/// something, and a member refused, with the rule's reason (staff are asked why a member was
/// turned away); a duplicate, an unknown card or a refused card (no member) is not recorded.
extension CheckInOutcome {
    /// The record's action for this outcome from `source`, or nil when nothing was written.
    package func auditAction(source: CheckInSource) -> AuditAction? {
        switch self {
        case .checkedIn: return source == .manual ? .manualCheckIn : .visit
        case .enrolled: return .enrol
        case .checkedOut: return .exit
        case .guestsLeft(_, let left, _): return left > 0 ? .guestsLeft : nil
        case .refused: return .refusal
        case .duplicate, .duplicateExit, .unknownPass, .notInside, .staffCard, .cardRefused, .walletRefused: return nil
        }
    }

    /// The entry recording this outcome (nil: nothing to record, or `recording` is off), written
    /// in the check-in's own transaction. Kept small: it is on every tap's commit.
    package func auditEntry(source: CheckInSource, by actor: AuditActor, at desk: TerminalIdentity, action: AuditAction? = nil,
                            wallet: WalletKind? = nil, time: Double, ids: IdSource, recording: Bool = true) -> AuditEntry? {
        guard recording, let action = action ?? auditAction(source: source), let member else { return nil }
        var detail = ["pass": member.passId]
        if let wallet { detail["wallet"] = wallet.rawValue }
        if case .refused(_, let reason) = self { detail["reason"] = reason.rawValue }
        return AuditEntry.made(action, by: actor, at: desk, memberId: member.memberId, detail: detail, time: time, ids: ids)
    }
}
