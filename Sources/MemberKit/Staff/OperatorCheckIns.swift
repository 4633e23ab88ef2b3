/// The club's check-in port with every tap recorded under one operator, by the tap's own method
/// (the shell's `scan` records its Unix user, `cli:alice`; the method stays `tap` or `wedge`).
public struct OperatorCheckIns: CheckInPort {
    public let club: Club
    public let `operator`: String?

    public init(club: Club, operator: String?) {
        self.club = club
        self.operator = `operator`
    }

    public func checkIn(pass: String, source: CheckInSource) throws -> CheckInOutcome {
        try club.checkIn(passId: pass, source: source, by: AuditActor(operator: `operator`, method: AuditMethod(source))).outcome
    }
}
