import Foundation

extension CheckInReport {
    /// The report of a way in that the store committed: what `Admission` decided (`change`), and
    /// who is inside after it. "Let in anyway" reports the outcome alone, as it always has.
    init(_ request: CheckInRequest, _ change: CheckInChange, inside: Bool?, insideCount: Int, plan: PlanStanding?) {
        self.init(time: request.now, source: request.source, passId: request.pass.passId, outcome: change.outcome,
                  terminalId: request.desk.id, inside: inside, insideCount: insideCount,
                  capacity: request.settings.occupancy.capacity, warnings: change.warnings, operator: request.actor.operator)
        guard case .rules = request.mode else { return }
        self.plan = plan
        lastVisitBefore = change.lastVisitBefore
        if request.source == .nfc { secure = request.secure != nil }
        wallet = request.wallet?.kind
    }
}
