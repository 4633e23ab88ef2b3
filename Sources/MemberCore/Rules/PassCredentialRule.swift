/// A pass whose credential was replaced or revoked is refused before any member is looked at; the
/// member's card and other passes are untouched.
@_spi(Decisions) public enum PassCredentialRule {
    package static func apply(_ facts: CardFacts) -> CheckInDecision? {
        switch facts.credential {
        case .replaced?: return .answer(.cardRefused(facts.passId, reason: .passReplaced))
        case .revoked?: return .answer(.cardRefused(facts.passId, reason: .passRevoked))
        case .current?, nil: return nil
        }
    }
}
