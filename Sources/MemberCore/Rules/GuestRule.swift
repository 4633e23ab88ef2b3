/// Guests who come in with a member (`checkin MEMBER --guests N`, the desk's `g`). They come in
/// with their host's entry: asked for when the host is already inside, they are refused
/// (`hostInside`), never taken for the host's exit. And they come within the host's allowance:
/// the `guests_per_month` of the catalogue plan it comes on (its household head's for a household
/// member), else `plans.guests_per_month`, counted over the club's calendar month; past it they
/// are refused (`guestAllowance`) with how much is used. `CapacityRule` makes room for them too.
@_spi(Decisions) public enum GuestRule {
    package static func withHost(_ facts: CheckInFacts) -> RuleVerdict {
        guard facts.guests > 0, facts.isInside else { return .next }
        return .refuse(.hostInside, saying: N_("Already inside — guests come in with their host's entry"))
    }

    package static func allowance(_ facts: CheckInFacts) -> RuleVerdict {
        guard facts.guests > 0, let allowance = allowance(of: facts) else { return .next }
        let used = facts.guestsThisMonth
        guard used + facts.guests > allowance else { return .next }
        if allowance == 0 { return .refuse(.guestAllowance, saying: N_("No guests on this membership")) }
        if used >= allowance {
            return .refuse(.guestAllowance, saying: "Guest allowance used: \(used) of \(allowance) this month")
        }
        return .refuse(.guestAllowance, saying: "Guest allowance: \(allowance - used) of \(allowance) left this month")
    }

    /// The guests a month the member may bring (nil: no limit).
    package static func allowance(of facts: CheckInFacts) -> Int? {
        let plans = facts.settings.plans
        if let name = (facts.plan?.holder ?? facts.member).product, let own = plans.catalogue.product(named: name)?.guestsPerMonth {
            return own
        }
        return plans.guestsPerMonth
    }
}
