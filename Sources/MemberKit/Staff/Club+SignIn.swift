import Foundation

/// Who is signing in: a name typed or chosen, or a staff card tapped.
public enum StaffCredential: Sendable, Equatable {
    case name(String)
    case card(String)
}

/// Why a sign-in failed; what the desk shows (never which part was wrong beyond "unknown operator").
public enum SignInFailure: Error, Sendable, Equatable, CustomStringConvertible {
    case unknownOperator
    case wrongPIN(operator: String)
    /// A member's card offered as a staff card.
    case memberCard
    /// A typed name that starts more than one operator's name.
    case severalOperators([String])

    public var description: String {
        switch self {
        case .unknownOperator: return "No such operator"
        case .wrongPIN: return "Wrong PIN"
        case .memberCard: return "That is a member's card, not a staff card"
        case .severalOperators(let names): return "\(names.count) operators match: \(names.joined(separator: ", ")) (type more)"
        }
    }

    /// Only a PIN checked and found wrong counts towards the lockout: a name or a card that
    /// names no operator tested no PIN.
    public var usesATry: Bool {
        if case .wrongPIN = self { return true }
        return false
    }
}

extension Club {
    /// Checks `pin` for the operator (slow on purpose: call it off the UI thread) and records the
    /// sign-in or the failure. Returns the operator signed in. A typed name is resolved by
    /// `OperatorNameMatch`; one that fits several operators is refused before any PIN is checked.
    public func signIn(_ credential: StaffCredential, pin: PIN, hasher: any PINHasher,
                       method: AuditMethod = .manual) throws -> StaffAccount {
        let account = try checkPIN(credential, pin: pin, hasher: hasher, method: method)
        let time = clock.now().timeIntervalSince1970
        try database.write { store in
            try store.setLastSignIn(name: account.name, at: time)
            try store.appendAudit(auditEntry(.signIn, by: AuditActor(operator: account.name, method: method), at: time))
        }
        return account
    }

    /// A manager's PIN given for one guarded action at a desk someone else may be signed in to:
    /// checked as a sign-in is, and recorded as an approval of `permission`, not as a sign-in. An
    /// operator whose role does not allow it approves nothing (the caller says so).
    public func approve(_ permission: StaffPermission, credential: StaffCredential, pin: PIN, hasher: any PINHasher,
                        method: AuditMethod = .manual) throws -> StaffAccount {
        let account = try checkPIN(credential, pin: pin, hasher: hasher, method: method)
        if permission.allows(account.role) {
            try record(.approve, by: AuditActor(operator: account.name, method: method), detail: ["for": "\(permission)"])
        }
        return account
    }

    /// The operator whose PIN this is; a failure is recorded, and thrown.
    private func checkPIN(_ credential: StaffCredential, pin: PIN, hasher: any PINHasher,
                          method: AuditMethod) throws -> StaffAccount {
        let account: StaffAccount?
        switch credential {
        case .name(let typed):
            switch OperatorNameMatch.resolve(typed, among: try database.staff().map(\.name)) {
            case .one(let name): account = try database.staffAccount(named: name)
            case .none: account = nil
            case .several(let names): throw SignInFailure.severalOperators(names)
            }
        case .card(let card):
            // Not silent, on purpose: staff cards are stored normalized, so an unreadable card looked up
            // as read finds no operator and goes on to be recorded and answered as an unknown operator
            // (or a member's card), like any card that names none; throwing here would record nothing.
            account = try database.staffAccount(card: (try? normalize(card))?.passId ?? card)
        }
        guard let account else {
            if case .card(let card) = credential, try member(idOrPass: card) != nil {
                try record(.signInFailed, by: .anonymous(method), detail: ["reason": "member card"])
                throw SignInFailure.memberCard
            }
            try record(.signInFailed, by: .anonymous(method), detail: ["reason": "unknown operator"])
            throw SignInFailure.unknownOperator
        }
        guard hasher.verify(pin, against: account.pinHash) else {
            try record(.signInFailed, by: .anonymous(method), detail: ["reason": "wrong PIN", "name": account.name])
            throw SignInFailure.wrongPIN(operator: account.name)
        }
        return account
    }
}
