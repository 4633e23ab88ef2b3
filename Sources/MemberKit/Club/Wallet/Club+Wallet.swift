import Foundation

extension Club {
    /// A phone held to the reader. A refusal the reader saw (no pass of ours, a confirmation
    /// pending) is reported and writes nothing; a pass whose cryptogram is stale is refused before
    /// any member is looked at; otherwise the pass runs the card's rules in the card's order, with
    /// the cryptogram's digest claimed in the same transaction (a second claim is a replay). A pass of
    /// ours that no member holds is never enrolled: it is an unknown pass.
    @discardableResult
    public func checkIn(wallet presentation: WalletPresentation, at date: Date? = nil, by actor: AuditActor?) throws -> CheckInReport {
        let now = date ?? clock.now()
        let actor = actor ?? .anonymous(.wallet)
        switch presentation.read {
        case .refused(let refusal):
            return refuse(presentation, refusal, passId: "", at: now, by: actor)
        case .pass(let passId, let madeAt, let digest):
            if let refusal = WalletFreshnessRule.apply(madeAt: madeAt, now: now, settings: settings.wallet) {
                return refuse(presentation, refusal, passId: passId, at: now, by: actor)
            }
            return try admit(passId, source: .wallet, at: now, unknown: .ask, by: actor, secure: nil,
                             wallet: WalletClaim(kind: presentation.wallet, digest: digest))
        }
    }

    private func refuse(_ presentation: WalletPresentation, _ refusal: WalletRefusal, passId: String, at now: Date,
                        by actor: AuditActor) -> CheckInReport {
        var report = CheckInReport(time: now, source: .wallet, passId: passId,
                                   outcome: .walletRefused(refusal, organization: settings.wallet.organization),
                                   terminalId: terminal.id, insideCount: (try? database.insideCount()) ?? 0,
                                   capacity: settings.occupancy.capacity, operator: actor.operator)
        report.wallet = presentation.wallet
        bus.publish(.checkIn(report))
        return report
    }
}
