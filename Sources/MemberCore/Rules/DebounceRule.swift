/// The same member again within `debounce_seconds` of its last counted visit, while that visit's
/// entry still stands, is a duplicate: not counted again (a card held on the reader, a double
/// scan). A member who has left since (an exit by tap, by staff or by closing time) is outside,
/// and comes in again: a repeat of the exit tap itself is `TapDirectionRule`'s.
@_spi(Decisions) public enum DebounceRule {
    package static func apply(_ facts: CheckInFacts) -> RuleVerdict {
        let last = facts.member.timeStampOfLastVisit
        let since = facts.time - last
        guard last > 0, abs(since) < facts.settings.debounce, !facts.isOutside else { return .next }
        return .decide(.answer(.duplicate(facts.member, since: max(0, since))))
    }
}
