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
