/// ISO 14443-3 reserves a single-size (4-byte) UID starting with 08 for random ids: a phone or a
/// watch makes a new one at every tap. Such a UID identifies nobody, so an NFC tap that offers
/// only it is refused (`noWalletPass`) and is never checked in or enrolled, whatever the
/// enrolment policy. A pass read from the phone (a Wallet pass) is not a UID and passes.
@_spi(Decisions) public enum RandomUIDRule {
    package static func apply(passId: String, source: CheckInSource, secure: SecureTap?) -> CheckInDecision? {
        guard source == .nfc, secure == nil, isRandomUID(passId) else { return nil }
        return .answer(.cardRefused(passId, reason: .noWalletPass))
    }

    /// Eight hex digits starting with 08: how the reader spells a random 4-byte UID.
    package static func isRandomUID(_ passId: String) -> Bool {
        let bytes = Array(passId.utf8)
        return bytes.count == 8 && bytes[0] == UInt8(ascii: "0") && bytes[1] == UInt8(ascii: "8")
            && bytes.allSatisfy { (48...57).contains($0) || (65...70).contains($0) || (97...102).contains($0) }
    }

    /// The same, as `CardRules.order` runs it.
    package static func apply(_ facts: CardFacts) -> CheckInDecision? {
        apply(passId: facts.passId, source: facts.source, secure: facts.secure)
    }
}
