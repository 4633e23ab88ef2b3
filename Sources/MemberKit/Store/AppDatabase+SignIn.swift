import Foundation
import GRDB
@_spi(Decisions) import MemberCore

/// A sign-in or an approval as a `StoreOperation` (`AppDatabase.run`): its facts are the attempt
/// `Club` made before the transaction (the operator looked up and the PIN checked there: the
/// hasher is slow on purpose, and no write waits on it); `SignInDecision` (MemberCore) decides,
/// and the store records the sign-in's time on the account and the audit line.
struct SignInOperation: StoreEdit {
    var attempt: SignInDecision.Attempt
    var purpose: SignInDecision.Purpose
    var method: AuditMethod
    var desk: TerminalIdentity
    var time: Double
    var ids: IdSource

    func facts(in store: StoreTransaction) throws -> SignInDecision.Attempt {
        attempt
    }

    func decide(_ attempt: SignInDecision.Attempt) -> SignInDecision.Outcome {
        SignInDecision.decide(attempt, for: purpose, method: method, at: desk, time: time, ids: ids)
    }

    func write(_ outcome: SignInDecision.Outcome, _ attempt: SignInDecision.Attempt,
               in store: StoreTransaction) throws -> SignInDecision.Outcome {
        if let last = outcome.lastSignIn { try store.setLastSignIn(name: last.name, at: last.time) }
        if let audit = outcome.audit { try store.appendAudit(audit) }
        return outcome
    }
}

/// A sign-in says nothing on the bus: its failure is thrown to the caller.
extension SignInDecision.Outcome: Announcing {
    var event: DeskEvent? { nil }
    mutating func markQueued() {}
}
