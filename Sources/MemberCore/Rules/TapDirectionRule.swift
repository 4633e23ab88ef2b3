import Foundation

/// Whether a tap of a member inside is an exit (`occupancy.tap`): never ("in"), once the minimum
/// stay has passed ("toggle"; sooner it is a duplicate), or always ("out", where a tap of a member
/// not inside is `notInside`). The minimum stay guards both ways: where taps are exits, a tap
/// sooner than that after the member's own exit tap at this desk is that exit again
/// (`duplicateExit`), not an entry. Comes first: an exit is never refused.
@_spi(Decisions) public enum TapDirectionRule {
    package static func apply(_ facts: CheckInFacts) -> RuleVerdict {
        let occupancy = facts.settings.occupancy
        guard let presence = facts.presence, presence.inside else {
            if occupancy.tap != .in, let presence = facts.presence, facts.latestExit == .tap, presence.terminalId == facts.desk {
                // The exit is placed just after its entry: a tap at the entry's instant is not "sooner".
                // Far before the exit, the clock was stepped back: that is no repeat of it.
                let elapsed = facts.time - presence.time, since = max(0, elapsed)
                if elapsed > -1, since < occupancy.minStay { return .decide(.answer(.duplicateExit(facts.member, since: since))) }
            }
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
