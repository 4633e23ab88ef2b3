/// What a sign-in or a manager's approval records and answers, once the operator was looked up
/// and (when found) the PIN checked: pure. The PIN check itself is the adapter's (`PINHasher`:
/// slow on purpose), so it comes in as a fact.
@_spi(Decisions) public enum SignInDecision {
    /// What the lookup and the PIN check found.
    package enum Attempt: Sendable, Equatable {
        /// A typed name that starts more than one operator's name: refused before any PIN is checked.
        case severalOperators([String])
        /// No live operator; `memberCard`: the card offered is a live member's.
        case noOperator(memberCard: Bool)
        case found(StaffAccount, pinMatches: Bool)
    }

    /// Signing in to the desk, or approving one guarded action at a desk someone else may be signed in to.
    package enum Purpose: Sendable, Equatable {
        case signIn
        case approval(StaffPermission)
    }

    package struct LastSignIn: Sendable, Equatable {
        package var name: String
        package var time: Double

        package init(name: String, time: Double) {
            self.name = name
            self.time = time
        }
    }

    /// What is written (in one transaction) and answered.
    package struct Outcome: Sendable, Equatable {
        /// The operator signed in or approving (nil: failed).
        package var account: StaffAccount?
        package var failure: SignInFailure?
        /// The sign-in's time, kept on the account (local only: no new version).
        package var lastSignIn: LastSignIn?
        /// The record's line (nil: nothing to record).
        package var audit: AuditEntry?
    }

    package static func decide(_ attempt: Attempt, for purpose: Purpose, method: AuditMethod, at desk: TerminalIdentity,
                               time: Double, ids: IdSource) -> Outcome {
        func failed(_ failure: SignInFailure, _ detail: [String: String]) -> Outcome {
            Outcome(failure: failure, audit: AuditEntry.made(.signInFailed, by: .anonymous(method), at: desk, detail: detail, time: time,
                                                             ids: ids))
        }
        switch attempt {
        case .severalOperators(let names):
            // Nothing was tried: no PIN tested, nothing to record.
            return Outcome(failure: .severalOperators(names))
        case .noOperator(let memberCard):
            return memberCard ? failed(.memberCard, ["reason": "member card"]) : failed(.unknownOperator, ["reason": "unknown operator"])
        case .found(let account, false):
            return failed(.wrongPIN(operator: account.name), ["reason": "wrong PIN", "name": account.name])
        case .found(let account, true):
            let actor = AuditActor(operator: account.name, method: method)
            switch purpose {
            case .signIn:
                return Outcome(account: account, lastSignIn: LastSignIn(name: account.name, time: time),
                               audit: AuditEntry.made(.signIn, by: actor, at: desk, time: time, ids: ids))
            case .approval(let permission):
                // An operator whose role does not allow it approves nothing (the caller says so).
                guard permission.allows(account.role) else { return Outcome(account: account) }
                return Outcome(account: account, audit: AuditEntry.made(.approve, by: actor, at: desk, detail: ["for": "\(permission)"],
                                                                        time: time, ids: ids))
            }
        }
    }
}
