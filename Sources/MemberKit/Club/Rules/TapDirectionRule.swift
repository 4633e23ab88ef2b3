import Foundation

/// Whether a tap of a member inside is an exit (`occupancy.tap`): never ("in"), once the minimum
/// stay has passed ("toggle"; sooner it is a duplicate), or always ("out", where a tap of a member
/// not inside is `notInside`). Comes first: an exit is never refused.
enum TapDirectionRule {
    static func apply(_ facts: CheckInFacts) -> RuleVerdict {
        let occupancy = facts.settings.occupancy
        guard let presence = facts.presence, presence.inside else {
            return occupancy.tap == .out ? .decide(.answer(.notInside(facts.member))) : .next
        }
        switch occupancy.tap {
        case .in:
            return .next
        case .toggle:
            let stayed = facts.time - presence.time
            // A clock stepped back makes the stay negative: that is no reason to hold the member in for an hour.
            if stayed >= 0, stayed < occupancy.minStay { return .decide(.answer(.duplicate(facts.member, since: stayed))) }
            return .decide(.exit(facts.member, since: presence.time))
        case .out:
            return .decide(.exit(facts.member, since: presence.time))
        }
    }
}
