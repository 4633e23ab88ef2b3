/// A card that proves nothing: under `cards.require_secure` an NFC tap without a verified SUN
/// message is refused. A `SUN:` pass that did not come from a verified tag (a Text record or a
/// wedge scan spelling one) is always refused: it would be a forged secure card. Typed by staff
/// (`manual`) or by a script it is the staff's word, as any pass is.
@_spi(Decisions) public enum InsecureCardRule {
    package static func apply(passId: String, source: CheckInSource, secure: SecureTap?, requireSecure: Bool) -> CheckInDecision? {
        guard secure == nil, source == .nfc || source == .wedge else { return nil }
        let spellsSecure = passId.uppercased().hasPrefix(SecureTap.passPrefix)
        guard spellsSecure || (requireSecure && source == .nfc) else { return nil }
        return .answer(.cardRefused(passId, reason: .insecure))
    }

    /// The same, as `CardRules.order` runs it.
    package static func apply(_ facts: CardFacts) -> CheckInDecision? {
        apply(passId: facts.passId, source: facts.source, secure: facts.secure, requireSecure: facts.requireSecure)
    }
}
