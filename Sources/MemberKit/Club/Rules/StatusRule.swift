/// A suspended member is refused.
enum StatusRule {
    static func apply(_ facts: CheckInFacts) -> RuleVerdict {
        facts.member.effectiveStatus(at: facts.time) == .suspended ? .decide(.answer(.refused(facts.member, reason: .suspended))) : .next
    }
}
