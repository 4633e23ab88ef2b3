/// What a tap's decision writes, as a value: the store writes it in the tap's one transaction and
/// writes nothing else of its own accord. Equatable, so a test compares a whole decision.
package struct CheckInChange: Sendable, Equatable {
    package enum Write: Sendable, Equatable {
        /// Nothing (refused, a duplicate, an unknown pass, not inside).
        case nothing
        /// A counted visit: the member's totals and this desk's counter, its entry (the visit's row
        /// in the trail), and a visit of `packOf`'s pack when one is used.
        case visit(memberId: String, entry: VisitEvent, packOf: String?)
        /// A new member (as stored before its first visit), then its visit.
        case enrol(MemberRecord, entry: VisitEvent)
        /// An exit, or guests leaving without their host (`guestsLeft`); no visit is counted.
        case exit(VisitEvent)
    }

    package var outcome: CheckInOutcome
    /// Said to staff; the tap went through anyway.
    package var warnings: [String] = []
    /// A refusal's own line, when its rule words one ("Closed — opens 06:00"; nil: the outcome's).
    package var refusalLine: String?
    package var write: Write = .nothing
    /// A fresh SUN read used up by this tap (nil: none, or the card was refused).
    package var secureRead: SecureTap?
    /// The record's line for it (nil: nothing to record).
    package var audit: AuditEntry?
    /// The member's last counted visit before this tap (nil: no member stored, or not asked).
    package var lastVisitBefore: Double?
    /// The rules used a visit of a pack (the plan the report shows is one visit less).
    package var usesPackVisit: Bool { if case .visit(_, _, .some) = write { return true } else { return false } }

    package init(outcome: CheckInOutcome, warnings: [String] = [], write: Write = .nothing, secureRead: SecureTap? = nil,
                 audit: AuditEntry? = nil, lastVisitBefore: Double? = nil) {
        self.outcome = outcome
        self.warnings = warnings
        self.write = write
        self.secureRead = secureRead
        self.audit = audit
        self.lastVisitBefore = lastVisitBefore
    }
}
