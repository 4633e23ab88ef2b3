/// The outcome's line with what only the report knows: how full the club was.
extension CheckInReport {
    /// As `CheckInOutcome.messageParts`, but a capacity refusal says the count: "Full (80/80)".
    var messageParts: (before: String, name: String, after: String) {
        if case .refused(_, .capacity) = outcome, capacity > 0 {
            return (CheckInOutcome.describeFull(inside: insideCount, capacity: capacity), "", "")
        }
        if case .refused = outcome, let refusalLine { return (refusalLine, "", "") }
        var parts = outcome.messageParts
        if guests > 0, outcome.isEntry { parts.after += " · " + CountText.of(guests, "guest") }
        return parts
    }

    public var message: String {
        let parts = messageParts
        return parts.before + parts.name + parts.after
    }

    /// As `messageParts`, with how this front end sells a pack after "Pack used up — sell a new
    /// pack": "F2" at the desk, "members edit --add-visits" at the shell.
    public func messageParts(sellPack: String) -> (before: String, name: String, after: String) {
        var parts = messageParts
        if case .refused(_, .packUsedUp) = outcome { parts.before += " (\(sellPack))" }
        return parts
    }

    public func message(sellPack: String) -> String {
        let parts = messageParts(sellPack: sellPack)
        return parts.before + parts.name + parts.after
    }
}
