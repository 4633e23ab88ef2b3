import GRDB

/// `EffectiveStatus` as a WHERE condition, so a filtered listing pages in SQL. It must say what
/// `MemberRecord.effectiveStatus(at:)` says; EffectiveStatusTests hold the two together.
public struct EffectiveStatusFilter: Sendable, Equatable {
    var status: EffectiveStatus
    /// The time the expiry is judged at, epoch seconds.
    package var time: Double

    public init(_ status: EffectiveStatus, at time: Double) {
        self.status = status
        self.time = time
    }

    /// The condition, starting with " AND", on the `member` table, and its arguments.
    var condition: (sql: String, arguments: StatementArguments) {
        let head = MemberColumns.householdExpiry(of: "member")
        switch status {
        case .suspended: return (" AND member.status = 'suspended'", [])
        // A household member's head's expiry counts too (`HouseholdRule.expiresAt`).
        case .expired:
            return (" AND member.status <> 'suspended' AND (member.expiresAt < ? OR \(head) < ?)", [time, time])
        case .active:
            return (" AND member.status <> 'suspended' AND (member.expiresAt IS NULL OR member.expiresAt >= ?)"
                + " AND (\(head) IS NULL OR \(head) >= ?)", [time, time])
        }
    }
}
