import Foundation
@_spi(Decisions) import MemberCore

/// What a check-in report says of what was asked, whichever operation asked it (a tap, "let in
/// anyway", a phone's refusal, a staff check-out).
protocol CheckInAsking {
    var now: Date { get }
    var source: CheckInSource { get }
    /// The pass the report names when the outcome names no member.
    var reportedPass: String { get }
    var desk: TerminalIdentity { get }
    var capacity: Int { get }
    var actor: AuditActor { get }
    /// The check-in rules ran (not "let in anyway", not a staff check-out): the report says what they saw.
    var ranRules: Bool { get }
    var secure: SecureTap? { get }
    var walletKind: WalletKind? { get }
}

extension CheckInReport {
    /// The one way a report is made: what was asked, what the decision changed (`change`), who is
    /// inside after it, and, when the rules ran, the plan after it and what the card proved.
    init(_ asked: some CheckInAsking, _ change: CheckInChange, inside: Bool?, insideCount: Int, plan: PlanStanding? = nil) {
        self.init(time: asked.now, source: asked.source, passId: asked.reportedPass, outcome: change.outcome,
                  terminalId: asked.desk.id, inside: inside, insideCount: insideCount, capacity: asked.capacity,
                  warnings: change.warnings, operator: asked.actor.operator)
        refusalLine = change.refusalLine
        switch change.write {
        case .visit(_, let entry, _), .enrol(_, let entry): guests = entry.guests
        default: break
        }
        guard asked.ranRules else { return }
        self.plan = plan
        lastVisitBefore = change.lastVisitBefore
        if asked.source == .nfc { secure = asked.secure != nil }
        wallet = asked.walletKind
    }
}

extension CheckInRequest: CheckInAsking {
    var reportedPass: String { pass.passId }
    var capacity: Int { settings.occupancy.capacity }
    var ranRules: Bool {
        if case .rules = mode { return true }
        return false
    }
    var walletKind: WalletKind? { wallet?.kind }
}

extension StaffCheckOut.Request: CheckInAsking {
    var reportedPass: String { target.text }
    var capacity: Int { occupancy.capacity }
    var ranRules: Bool { false }
    var secure: SecureTap? { nil }
    var walletKind: WalletKind? { nil }
}
