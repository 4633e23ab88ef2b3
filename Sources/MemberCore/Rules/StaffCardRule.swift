/// A staff card is not a member card: offered at a reader it is refused before any member is
/// looked at or enrolled (the desk signs its holder in instead). It runs first, before enrolment.
@_spi(Decisions) public enum StaffCardRule {
    /// The answer for a pass that is a live operator's card; nil lets the other rules decide.
    package static func apply(passId: String, isStaffCard: Bool) -> CheckInDecision? {
        isStaffCard ? .answer(.staffCard(passId)) : nil
    }

    /// The same, as `CardRules.order` runs it.
    package static func apply(_ facts: CardFacts) -> CheckInDecision? {
        apply(passId: facts.passId, isStaffCard: facts.isStaffCard)
    }
}
