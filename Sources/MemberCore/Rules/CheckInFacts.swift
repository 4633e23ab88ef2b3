import Foundation

/// What the check-in rules see of a tap: the member (or the one a tap would enrol), its latest
/// entry or exit, how many are inside, the time and the desk's settings.
@_spi(Decisions) public struct CheckInFacts {
    package var member: MemberRecord
    /// Not stored yet: the tap would enrol it.
    package var isNew: Bool
    package var presence: MemberPresence?
    package var insideCount: Int
    package var time: Double
    package var settings: ClubSettings
    /// The member's plan when it is not open (nil: open, or a member not stored yet).
    package var plan: PlanStanding? = nil
    /// How the member's latest event came about, when it is an exit.
    package var latestExit: VisitSpan.ExitKind? = nil
    /// This desk's terminal id (the latest event's desk is `presence.terminalId`).
    package var desk: String = ""
    /// The access windows of the plan the member comes on, when it has any (`AccessHoursRule`).
    package var access: PlanAccess? = nil
    /// The guests who would come in with the member (`GuestRule`, `CapacityRule`).
    package var guests: Int = 0
    /// When guests are asked for: the guests the member's entries brought in the club's calendar
    /// month so far (from `PlanSettings.monthStart`), the allowance's history.
    package var guestsThisMonth = 0

    package init(member: MemberRecord, isNew: Bool, presence: MemberPresence?, insideCount: Int, time: Double,
                 settings: ClubSettings, plan: PlanStanding? = nil, latestExit: VisitSpan.ExitKind? = nil, desk: String = "") {
        self.member = member
        self.isNew = isNew
        self.presence = presence
        self.insideCount = insideCount
        self.time = time
        self.settings = settings
        self.plan = plan
        self.latestExit = latestExit
        self.desk = desk
        access = PlanAccess.of(member, standing: plan, catalogue: settings.plans.catalogue)
    }

    package var isInside: Bool { presence?.inside == true }
    /// The member's latest event is an exit: outside now, whatever its last counted visit.
    package var isOutside: Bool { presence?.inside == false }
}

/// One rule's answer: no say (the next rule decides), a decision that ends the run, or a warning
/// that lets the tap through.
@_spi(Decisions) public enum RuleVerdict: Equatable {
    case next
    case decide(CheckInDecision)
    case warn(String)
    /// A refusal that says more than its reason: the line staff read ("Closed — opens 06:00").
    case refuse(RefusalReason, saying: String)
}
