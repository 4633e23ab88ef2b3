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
    /// How the member's latest event came about, when it is an exit.
    var latestExit: VisitSpan.ExitKind? = nil
    /// This desk's terminal id (the latest event's desk is `presence.terminalId`).
    var desk: String = ""

    var isInside: Bool { presence?.inside == true }
    /// The member's latest event is an exit: outside now, whatever its last counted visit.
    var isOutside: Bool { presence?.inside == false }
}

/// One rule's answer: no say (the next rule decides), a decision that ends the run, or a warning
/// that lets the tap through.
enum RuleVerdict {
    case next
    case decide(CheckInDecision)
    case warn(String)
}
