import Foundation
import GRDB
@_spi(Decisions) import MemberCore

/// A sign-in's or an approval's record, as `SignInDecision` (MemberCore) decided it.
extension AppDatabase {
    /// The sign-in's time on the account and the audit line, in one transaction (nothing: no transaction).
    func record(_ outcome: SignInDecision.Outcome) throws {
        guard outcome.lastSignIn != nil || outcome.audit != nil else { return }
        try write { store in
            if let last = outcome.lastSignIn { try store.setLastSignIn(name: last.name, at: last.time) }
            if let audit = outcome.audit { try store.appendAudit(audit) }
        }
    }
}
