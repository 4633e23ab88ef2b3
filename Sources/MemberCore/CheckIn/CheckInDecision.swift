/// What the check-in rules decided for a tap, and so what the store writes in its transaction.
@_spi(Decisions) public enum CheckInDecision: Sendable, Equatable {
    /// Nothing to write (refused, a duplicate, an unknown pass, not inside).
    case answer(CheckInOutcome)
    /// Count a visit for this member: an entry. `packOf`: the member whose pack it uses a visit of.
    case countVisit(MemberRecord, packOf: String?)
    /// Add this member with its first visit: an entry.
    case enrol(MemberRecord)
    /// An exit of a member inside since its entry at `since`; no visit is counted.
    case exit(MemberRecord, since: Double)
}

extension CheckInDecision {
    /// The card was refused before the member was looked at (a replay, an insecure card).
    package var refusesCard: Bool {
        if case .answer(.cardRefused) = self { return true }
        return false
    }
}
