import Foundation
@_spi(Decisions) import MemberCore

extension Club {
    /// A phone held to the reader. A refusal the reader saw (no pass of ours, a confirmation
    /// pending) is reported and writes nothing; a pass whose cryptogram is stale is refused before
    /// any member is looked at; otherwise the pass runs the card's rules in the card's order, with
    /// the cryptogram's digest claimed in the same transaction (a second claim is a replay). A pass of
    /// ours that no member holds is never enrolled: it is an unknown pass. What did not verify is a
    /// replay when its digest was claimed, else a reader failure (published, then thrown).
    @discardableResult
    package func checkIn(wallet presentation: WalletPresentation, at date: Date? = nil, by actor: AuditActor?) throws -> CheckInReport {
        let now = date ?? clock.now()
        let actor = actor ?? .anonymous(.wallet)
        switch presentation.read {
        case .refused(let refusal):
            return refuse(presentation, refusal, passId: "", at: now, by: actor)
        case .unverified(let digest, let problem):
            // Checked, never claimed: a claim is only made for what verified.
            if try database.isWalletCryptogramClaimed(digest, now: now.timeIntervalSince1970) {
                return refuse(presentation, .replay, passId: "", at: now, by: actor)
            }
            bus.publish(.reader(.failure(reader: nil, message: problem)))
            throw WalletUnverified(problem: problem)
        case .pass(let passId, let madeAt, let digest):
            if let refusal = WalletRules.decide(WalletFacts(madeAt: madeAt, now: now, settings: settings.wallet)) {
                return refuse(presentation, refusal, passId: passId, at: now, by: actor)
            }
            return try admit(passId, source: .wallet, at: now, unknown: .ask, by: actor, secure: nil,
                             wallet: WalletClaim(kind: presentation.wallet, digest: digest))
        }
    }

    private func refuse(_ presentation: WalletPresentation, _ refusal: WalletRefusal, passId: String, at now: Date,
                        by actor: AuditActor) -> CheckInReport {
        // Reported as the rules' refusals are, through the one way a report is made.
        let request = CheckInRequest(pass: NormalizedPass(passId: passId), source: .wallet, now: now, desk: terminal, settings: settings,
                                     mode: .rules(unknown: .ask), actor: actor, ids: ids, wallet: (presentation.wallet, []))
        let report = CheckInReport(request, CheckInChange(outcome: .walletRefused(refusal, organization: settings.wallet.organization)),
                                   inside: nil, insideCount: (try? database.insideCount()) ?? 0)
        // A refusal the reader saw writes nothing, so there is no transaction to share: its messages
        // are queued here, after the fact, once (the published report says so, and no listener
        // queues it again). A process killed before this write loses a refusal that nothing
        // recorded either, and nothing was counted. A failed write is said on the bus; the person
        // at the desk still hears the refusal.
        var outbox = outboxWrite()
        do {
            try database.queueMessages(of: .checkIn(report), outbox: &outbox, at: now)
        } catch {
            bus.publish(.error(DeskErrorNotice(source: "mqtt", message: "cannot queue MQTT events: \(error)")))
        }
        return announce(OperationCommit(caughtUp: nil, announcement: report), outbox)
    }
}

/// What a phone sent did not verify and was not seen before: published as a reader failure.
package struct WalletUnverified: Error, CustomStringConvertible {
    var problem: String
    public var description: String { problem }
    package init(problem: String) { self.problem = problem }
}
