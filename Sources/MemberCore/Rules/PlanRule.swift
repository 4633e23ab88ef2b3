/// A pack with no visits left refuses the entry that would use one (`packUsedUp`). (A household
/// member whose head's membership has expired is refused by `ExpiryRule`: its effective status
/// follows `HouseholdRule.expiresAt`.) Under `plans.pack_use = "per-day"` only the day's first entry uses a visit. The store
/// applies the use (`packToUse`) in the tap's transaction, and only for a counted entry.
@_spi(Decisions) public enum PlanRule {
    package static func apply(_ facts: CheckInFacts) -> RuleVerdict {
        guard let standing = facts.plan else { return .next }
        guard let left = standing.visitsLeft, usesVisit(facts) else { return .next }
        return left > 0 ? .next : .decide(.answer(.refused(facts.member, reason: .packUsedUp)))
    }

    /// The member whose pack this entry uses a visit of, if any.
    package static func packToUse(_ facts: CheckInFacts) -> String? {
        guard let standing = facts.plan, standing.visitsLeft != nil, usesVisit(facts) else { return nil }
        return standing.holder.memberId
    }

    /// Per visit: every entry. Per day: an entry on a day the member has no counted visit yet.
    package static func usesVisit(_ facts: CheckInFacts) -> Bool {
        let plans = facts.settings.plans
        switch plans.packUse {
        case .perVisit: return true
        case .perDay:
            let last = facts.member.timeStampOfLastVisit
            return last <= 0 || plans.day(of: last) != plans.day(of: facts.time)
        }
    }
}
