/// A suspended member is refused.
@_spi(Decisions) public enum StatusRule {
    package static func apply(_ facts: CheckInFacts) -> RuleVerdict {
        facts.member.effectiveStatus(at: facts.time) == .suspended ? .decide(.answer(.refused(facts.member, reason: .suspended))) : .next
    }
}
