/// The check-in rules, run in a fixed order: the first to decide ends the run, warnings are
/// collected, and a member no rule stopped is counted (or enrolled). A new rule is one more file
/// and one more line here.
@_spi(Decisions) public enum CheckInRules {
    package static let order: [@Sendable (CheckInFacts) -> RuleVerdict] = [
        GuestRule.withHost,  // guests come in with their host: a request with guests is never an exit
        TapDirectionRule.apply,  // an exit is never refused
        ClosedRule.apply,  // a closed club refuses everyone
        StatusRule.apply,
        FreezeRule.apply,  // a freeze moves the expiry out: before it
        ExpiryRule.apply,
        WaiverRule.apply,
        DebounceRule.apply,
        PlanRule.apply,  // after debounce: a double tap is a duplicate, not a second use
        AccessHoursRule.apply,  // after the plan's standing (an expired off-peak plan is "expired"), before capacity
        GuestRule.allowance,
        CapacityRule.apply,
    ]

    /// The decision, the warnings said on the way, and a refusal's own line when its rule words one.
    package static func decide(_ facts: CheckInFacts) -> (decision: CheckInDecision, warnings: [String], refusalLine: String?) {
        var warnings: [String] = []
        for rule in order {
            switch rule(facts) {
            case .next: continue
            case .decide(let decision): return (decision, warnings, nil)
            case .warn(let warning): warnings.append(warning)
            case .refuse(let reason, let line): return (.answer(.refused(facts.member, reason: reason)), warnings, line)
            }
        }
        return (facts.isNew ? .enrol(facts.member) : .countVisit(facts.member, packOf: PlanRule.packToUse(facts)), warnings, nil)
    }
}
