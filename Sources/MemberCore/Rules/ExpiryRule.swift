/// A member whose membership has expired is refused.
@_spi(Decisions) public enum ExpiryRule {
    package static func apply(_ facts: CheckInFacts) -> RuleVerdict {
        facts.member.effectiveStatus(at: facts.time) == .expired ? .decide(.answer(.refused(facts.member, reason: .expired))) : .next
    }
}
