/// One accepted check-in, from the audit trail.
public struct VisitRecord: Sendable, Hashable {
    package var visitId: String
    var memberId: String
    public var terminalId: String
    public var time: Double
    public var source: String

    package init(visitId: String, memberId: String, terminalId: String, time: Double, source: String) {
        self.visitId = visitId
        self.memberId = memberId
        self.terminalId = terminalId
        self.time = time
        self.source = source
    }
}
