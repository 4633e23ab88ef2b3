/// The rules that look at the card before any member is looked at or enrolled, run in a fixed
/// order beside `CheckInRules.order`: the first to refuse ends the run. A new card rule is one
/// more file and one more line here.
@_spi(Decisions) public enum CardRules {
    package static let order: [@Sendable (CardFacts) -> CheckInDecision?] = [
        PassCredentialRule.apply,  // a replaced or revoked Wallet pass, whatever else it is
        RandomUIDRule.apply,
        ReplayRule.apply,
        InsecureCardRule.apply,
        StaffCardRule.apply,  // after the proofs: a replayed staff card is a replay
    ]

    /// The first refusal in `order` (nil: the card passes, the member's rules decide).
    package static func decide(_ facts: CardFacts) -> CheckInDecision? {
        order.lazy.compactMap { $0(facts) }.first
    }
}

/// What the card rules see of a tap: the pass, how it came, the SUN read it proved (if any),
/// that tag's highest accepted counter, whether a card must prove itself, and whether the pass
/// is a live operator's card.
@_spi(Decisions) public struct CardFacts: Sendable {
    package var passId: String
    package var source: CheckInSource
    package var secure: SecureTap?
    /// The tag's register merged from every desk's files so far (nil: never seen).
    package var lastSecureCounter: UInt32?
    package var requireSecure: Bool
    package var isStaffCard: Bool
    /// The pass is a Wallet pass's credential: its standing (nil: it is none).
    package var credential: PassCredential.Standing? = nil

    package init(passId: String, source: CheckInSource, secure: SecureTap?, lastSecureCounter: UInt32?, requireSecure: Bool,
                 isStaffCard: Bool) {
        self.passId = passId
        self.source = source
        self.secure = secure
        self.lastSecureCounter = lastSecureCounter
        self.requireSecure = requireSecure
        self.isStaffCard = isStaffCard
    }
}
