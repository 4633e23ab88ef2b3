/// When `occupancy.capacity` are inside, an entry is refused (or let through with a warning under
/// `when_full = "warn"`); an entry with guests needs room for them too. A member already inside
/// is never refused for capacity.
@_spi(Decisions) public enum CapacityRule {
    package static func apply(_ facts: CheckInFacts) -> RuleVerdict {
        let occupancy = facts.settings.occupancy
        guard occupancy.capacity > 0, !facts.isInside, facts.insideCount + 1 + facts.guests > occupancy.capacity else { return .next }
        switch occupancy.whenFull {
        case .refuse: return .decide(.answer(.refused(facts.member, reason: .capacity)))
        case .warn: return .warn(CheckInOutcome.describeFull(inside: facts.insideCount, capacity: occupancy.capacity) + " — let in")
        }
    }
}
