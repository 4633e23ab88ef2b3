/// The outcome's line with what only the report knows: how full the club was.
extension CheckInReport {
    /// As `CheckInOutcome.messageParts`, but a capacity refusal says the count: "Full (80/80)".
    public var messageParts: (before: String, name: String, after: String) {
        if case .refused(_, .capacity) = outcome, capacity > 0 {
            return (CheckInOutcome.describeFull(inside: insideCount, capacity: capacity), "", "")
        }
        return outcome.messageParts
    }

    public var message: String {
        let parts = messageParts
        return parts.before + parts.name + parts.after
    }
}
