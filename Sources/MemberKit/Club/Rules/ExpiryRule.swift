/// A member whose membership has expired is refused.
enum ExpiryRule {
    static func apply(_ facts: CheckInFacts) -> RuleVerdict {
        facts.member.isExpired(at: facts.time) ? .decide(.answer(.refused(facts.member, reason: .expired))) : .next
    }
}
