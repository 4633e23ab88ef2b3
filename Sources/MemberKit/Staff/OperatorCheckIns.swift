/// The club's check-in port with every tap recorded under an operator, by the tap's own method:
/// the shell's `scan` records its Unix user (`cli:alice`), the front desk whoever is on duty.
public struct OperatorCheckIns: CheckInPort {
    let club: Club
    private let currentOperator: @Sendable () -> String?

    public init(club: Club, operator: String?) {
        self.init(club: club) { `operator` }
    }

    /// `operator` is asked at each tap (nil: nobody is signed in).
    public init(club: Club, operator: @escaping @Sendable () -> String?) {
        self.club = club
        currentOperator = `operator`
    }

    public func checkIn(pass: String, source: CheckInSource, secure: SecureTap?) throws -> CheckInOutcome {
        try club.checkIn(passId: pass, source: source, by: AuditActor(operator: currentOperator(), method: AuditMethod(source)),
                         secure: secure).outcome
    }

    public func checkIn(wallet: WalletPresentation) throws -> CheckInOutcome {
        try club.checkIn(wallet: wallet, by: AuditActor(operator: currentOperator(), method: .wallet)).outcome
    }
}
