/// Where a member stands on its plan: whose plan applies (its household's head, else itself),
/// the pack's balance and the expiry that count for it.
public struct PlanStanding: Sendable, Hashable {
    /// The member's own plan.
    var plan: MemberPlan
    /// The member whose expiry and pack apply: the household's head, else the member itself.
    package var holder: MemberRecord
    /// The household's head, for a household member whose head is a live member.
    public var head: MemberRecord?
    /// The pack's balance (the head's for a household), when the plan that applies is a pack.
    public var visitsLeft: Int?
    /// The expiry that applies: the member's own or its head's, the earlier of the two.
    public var expiresAt: Double?

    package init(member: MemberRecord, holder: MemberRecord, visitsLeft: Int?) {
        plan = member.plan
        self.holder = holder
        head = holder.memberId == member.memberId ? nil : holder
        self.visitsLeft = visitsLeft
        expiresAt = HouseholdRule.expiresAt(own: member.expiresAt, head: head?.expiresAt)
    }
}

extension PlanStanding {
    /// `plan`, `visitsLeft` and `expiresInDays` (null where they do not apply), as scripts and
    /// messages see a member: `standing` nil for an open member.
    public static func fields(_ member: MemberRecord, standing: PlanStanding?, settings: PlanSettings,
                              at time: Double) -> [String: JSONValue] {
        let expiresAt = standing.map(\.expiresAt) ?? member.expiresAt
        return [
            "plan": .string(member.plan.rawValue),
            "visitsLeft": standing?.visitsLeft.map(JSONValue.int) ?? .null,
            "expiresInDays": expiresAt.map { .int(settings.daysUntil($0, from: time)) } ?? .null,
        ]
    }
}
