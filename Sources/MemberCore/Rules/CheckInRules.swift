/// The check-in rules, run in a fixed order: the first to decide ends the run, warnings are
/// collected, and a member no rule stopped is counted (or enrolled). A new rule is one more file
/// and one more line here.
@_spi(Decisions) public enum CheckInRules {
    package static let order: [@Sendable (CheckInFacts) -> RuleVerdict] = [
        TapDirectionRule.apply,  // an exit is never refused
        StatusRule.apply,
        ExpiryRule.apply,
        DebounceRule.apply,
        PlanRule.apply,  // after debounce: a double tap is a duplicate, not a second use
        CapacityRule.apply,
    ]

    package static func decide(_ facts: CheckInFacts) -> (decision: CheckInDecision, warnings: [String]) {
        var warnings: [String] = []
        for rule in order {
            switch rule(facts) {
            case .next: continue
            case .decide(let decision): return (decision, warnings)
            case .warn(let warning): warnings.append(warning)
            }
        }
        return (facts.isNew ? .enrol(facts.member) : .countVisit(facts.member, packOf: PlanRule.packToUse(facts)), warnings)
    }
}
