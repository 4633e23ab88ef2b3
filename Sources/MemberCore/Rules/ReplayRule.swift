/// A SUN read whose counter is not above the highest this club has accepted for the tag is a
/// copy of an earlier read (a URL replayed, a tag's answer recorded): refused, whoever it is.
/// `lastAccepted` is the register merged from every desk's files so far (nil: never seen).
@_spi(Decisions) public enum ReplayRule {
    package static func apply(passId: String, secure: SecureTap?, lastAccepted: UInt32?) -> CheckInDecision? {
        guard let secure, let lastAccepted, secure.counter <= lastAccepted else { return nil }
        return .answer(.cardRefused(passId, reason: .replay))
    }

    /// The same, as `CardRules.order` runs it.
    package static func apply(_ facts: CardFacts) -> CheckInDecision? {
        apply(passId: facts.passId, secure: facts.secure, lastAccepted: facts.lastSecureCounter)
    }
}
