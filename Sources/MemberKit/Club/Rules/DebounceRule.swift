/// The same member again within `debounce_seconds` of its last counted visit is a duplicate:
/// not counted again (a card held on the reader, a double scan).
enum DebounceRule {
    static func apply(_ facts: CheckInFacts) -> RuleVerdict {
        let last = facts.member.timeStampOfLastVisit
        let since = facts.time - last
        guard last > 0, abs(since) < facts.settings.debounce else { return .next }
        return .decide(.answer(.duplicate(facts.member, since: max(0, since))))
    }
}
