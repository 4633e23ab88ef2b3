/// What the check-in rules decided for a tap, and so what the store writes in its transaction.
enum CheckInDecision {
    /// Nothing to write (refused, a duplicate, an unknown pass).
    case answer(CheckInOutcome)
    /// Count a visit for this member.
    case countVisit(MemberRecord)
    /// Add this member with its first visit.
    case enrol(MemberRecord)
}
