/// A member's status as people see it and the check-in rules apply it: the stored status, or
/// `expired` once the expiry has passed. The one home of that rule (desk, CLI, check-in, filters).
public enum EffectiveStatus: String, Sendable, Codable, CaseIterable {
    case active, suspended, expired
}

extension MemberRecord {
    /// Suspended wins over expired, as a tap is refused "Suspended" before its expiry is looked at.
    public func effectiveStatus(at time: Double) -> EffectiveStatus {
        if status == .suspended { return .suspended }
        if isExpired(at: time) { return .expired }
        return .active
    }
}
