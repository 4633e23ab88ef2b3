import Foundation

/// What the check-in rules see of a tap: the member (or the one a tap would enrol), its latest
/// entry or exit, how many are inside, the time and the desk's settings.
struct CheckInFacts {
    var member: MemberRecord
    /// Not stored yet: the tap would enrol it.
    var isNew: Bool
    var presence: MemberPresence?
    var insideCount: Int
    var time: Double
    var settings: ClubSettings
    /// The member's plan when it is not open (nil: open, or a member not stored yet).
    var plan: PlanStanding? = nil

    var isInside: Bool { presence?.inside == true }
}

/// One rule's answer: no say (the next rule decides), a decision that ends the run, or a warning
/// that lets the tap through.
enum RuleVerdict {
    case next
    case decide(CheckInDecision)
    case warn(String)
}
