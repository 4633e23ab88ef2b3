/// A Wallet pass's own credential: the random text its barcode, NFC message and Smart Tap value
/// carry instead of the member's card UID, so a screenshot of a pass tells nothing of the card.
/// Each pass issued mints one (`wallet apple`, `wallet google`, the desk's `w`); the member's
/// latest of a wallet is its pass, an earlier one is a pass that was replaced, and a revoked one
/// (a lost phone) lets no one in. Credentials and revocations only grow, at every desk: the
/// union of every desk's (`pass-credentials.json`), so every desk judges a pass alike.
public struct PassCredential: Sendable, Hashable {
    /// "WP-" and 32 characters of RFC 4648 base32: 160 random bits.
    public var credential: String
    public var memberId: String
    public var wallet: WalletKind
    public var issuedAt: Double
    /// The desk that issued it.
    public var terminalId: String
    /// When and where it was revoked (nil: it was not).
    public var revokedAt: Double?
    public var revokedBy: String?

    package init(credential: String, memberId: String, wallet: WalletKind, issuedAt: Double, terminalId: String,
                 revokedAt: Double? = nil, revokedBy: String? = nil) {
        self.credential = credential
        self.memberId = memberId
        self.wallet = wallet
        self.issuedAt = issuedAt
        self.terminalId = terminalId
        self.revokedAt = revokedAt
        self.revokedBy = revokedBy
    }

    package static let prefix = "WP-"
    package static let randomBytes = 20

    /// The credential text for `bytes` random bytes (`randomBytes` of them).
    package static func text(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
        var out = prefix, buffer = 0, bits = 0
        for byte in bytes {
            buffer = buffer << 8 | Int(byte)
            bits += 8
            while bits >= 5 {
                out.append(alphabet[(buffer >> (bits - 5)) & 31])
                bits -= 5
            }
        }
        if bits > 0 { out.append(alphabet[(buffer << (5 - bits)) & 31]) }
        return out
    }

    /// Whether `text` is written as a credential is ("WP-" and 32 base32 characters).
    package static func isWellFormed(_ text: String) -> Bool {
        guard text.hasPrefix(prefix) else { return false }
        let rest = text.utf8.dropFirst(prefix.utf8.count)
        return rest.count == 32 && rest.allSatisfy { (0x41...0x5A).contains($0) || (0x32...0x37).contains($0) }
    }

    /// What a credential says at the reader, among its member's credentials of the same wallet.
    package enum Standing: Sendable, Equatable {
        /// The member's latest pass of this wallet, not revoked: it is the member's card.
        case current(memberId: String)
        /// A later pass of this wallet was issued: this one is refused (`passReplaced`).
        case replaced(memberId: String)
        /// Revoked (a lost phone): refused (`passRevoked`), the member's card untouched.
        case revoked(memberId: String)
    }

    /// `credential`'s standing among `siblings`, its member's credentials of its wallet (itself among
    /// them): revoked first, then replaced by any issued after it (by time, then by text, so every
    /// desk holding the same credentials judges the same).
    package static func standing(of credential: PassCredential, among siblings: [PassCredential]) -> Standing {
        if credential.revokedAt != nil { return .revoked(memberId: credential.memberId) }
        let later = siblings.contains { ($0.issuedAt, $0.credential) > (credential.issuedAt, credential.credential) }
        return later ? .replaced(memberId: credential.memberId) : .current(memberId: credential.memberId)
    }

    /// Two desks' word on one credential, merged: revoked if either revoked it (the earlier
    /// revocation kept), its issue as either says it when they differ (only a damaged file could:
    /// the lesser, so that any order gives the same), so merging in any order, twice, gives the same.
    package func merged(with other: PassCredential) -> PassCredential {
        let issue = { (c: PassCredential) in (c.issuedAt, c.terminalId, c.memberId, c.wallet.rawValue) }
        var out = issue(other) < issue(self) ? other : self
        (out.revokedAt, out.revokedBy) = (revokedAt, revokedBy)
        switch (revokedAt, other.revokedAt) {
        case (nil, .some): (out.revokedAt, out.revokedBy) = (other.revokedAt, other.revokedBy)
        case (.some(let mine), .some(let theirs)) where (theirs, other.revokedBy ?? "") < (mine, revokedBy ?? ""):
            (out.revokedAt, out.revokedBy) = (other.revokedAt, other.revokedBy)
        default: break
        }
        return out
    }
}
