import Foundation
@_spi(Decisions) import MemberCore

extension Club {
    /// Checks `pin` for the operator (slow on purpose: call it off the UI thread) and records the
    /// sign-in or the failure. Returns the operator signed in. A typed name is resolved by
    /// `OperatorNameMatch`; one that fits several operators is refused before any PIN is checked.
    public func signIn(_ credential: StaffCredential, pin: PIN, hasher: any PINHasher,
                       method: AuditMethod = .manual) throws -> StaffAccount {
        try attempt(credential, pin: pin, hasher: hasher, method: method, for: .signIn)
    }

    /// A manager's PIN given for one guarded action at a desk someone else may be signed in to:
    /// checked as a sign-in is, and recorded as an approval of `permission`, not as a sign-in. An
    /// operator whose role does not allow it approves nothing (the caller says so).
    public func approve(_ permission: StaffPermission, credential: StaffCredential, pin: PIN, hasher: any PINHasher,
                        method: AuditMethod = .manual) throws -> StaffAccount {
        try attempt(credential, pin: pin, hasher: hasher, method: method, for: .approval(permission))
    }

    /// The operator looked up and the PIN checked (here: the hasher is an adapter), then one
    /// store operation (`SignInOperation`: `SignInDecision` says what to record, the store records
    /// it), and a failure is thrown.
    private func attempt(_ credential: StaffCredential, pin: PIN, hasher: any PINHasher, method: AuditMethod,
                         for purpose: SignInDecision.Purpose) throws -> StaffAccount {
        let attempt: SignInDecision.Attempt
        switch try operatorAccount(credential) {
        case .several(let names): attempt = .severalOperators(names)
        case .one(let account): attempt = .found(account, pinMatches: hasher.verify(pin, against: account.pinHash))
        case .none:
            if case .card(let card) = credential { attempt = .noOperator(memberCard: try member(idOrPass: card) != nil) }
            else { attempt = .noOperator(memberCard: false) }
        }
        let outcome = try perform(SignInOperation(attempt: attempt, purpose: purpose, method: method, desk: terminal,
                                                  time: clock.now().timeIntervalSince1970, ids: ids))
        if let failure = outcome.failure { throw failure }
        guard let account = outcome.account else { throw SignInFailure.unknownOperator }  // a decision names one or the other
        return account
    }

    private enum OperatorLookup {
        case one(StaffAccount)
        case none
        case several([String])
    }

    /// The live operator a credential names.
    private func operatorAccount(_ credential: StaffCredential) throws -> OperatorLookup {
        switch credential {
        case .name(let typed):
            switch OperatorNameMatch.resolve(typed, among: try database.staff().map(\.name)) {
            case .one(let name): return try database.staffAccount(named: name).map { .one($0) } ?? .none
            case .none: return .none
            case .several(let names): return .several(names)
            }
        case .card(let card):
            // Not silent, on purpose: staff cards are stored normalized, so an unreadable card looked up
            // as read finds no operator and goes on to be recorded and answered as an unknown operator
            // (or a member's card), like any card that names none; throwing here would record nothing.
            return try database.staffAccount(card: (try? normalize(card))?.passId ?? card).map { .one($0) } ?? .none
        }
    }
}
