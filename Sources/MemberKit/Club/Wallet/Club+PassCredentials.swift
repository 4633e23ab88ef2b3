import Foundation
@_spi(Decisions) import MemberCore

extension Club {
    /// A new credential for the member's pass of `wallet`: the pass about to be issued carries it,
    /// and from now on it is the member's pass of that wallet (an earlier one is refused as
    /// replaced). 160 bits from the system's random source, never the ids' generator, whose
    /// outputs other files show.
    public func issuePassCredential(memberId: String, wallet: WalletKind) throws -> PassCredential {
        var random = SystemRandomNumberGenerator()
        let bytes = (0..<PassCredential.randomBytes).map { _ in UInt8.random(in: .min ... .max, using: &random) }
        let credential = PassCredential(credential: PassCredential.text(bytes), memberId: memberId, wallet: wallet,
                                        issuedAt: clock.now().timeIntervalSince1970, terminalId: terminal.id)
        try storeErrorsPublished { try database.issuePassCredential(credential) }
        return credential
    }

    /// Revokes the member's current pass of `wallet` (both wallets' when nil): a lost phone's pass,
    /// refused from now on here and, once the file travels, at every desk; the member's card is
    /// untouched. Each revocation is a `pass-revoke` line in the record. Returns those revoked.
    @discardableResult
    public func revokePasses(memberId: String, wallet: WalletKind? = nil, by actor: AuditActor = .anonymous(.cli)) throws -> [PassCredential] {
        let now = clock.now().timeIntervalSince1970
        return try storeErrorsPublished {
            try database.revokePassCredentials(memberId: memberId, wallet: wallet, at: now, by: terminal.id) { credential in
                AuditEntry.made(.passRevoke, by: actor, at: terminal, memberId: memberId,
                                detail: ["wallet": credential.wallet.rawValue, "issued": ISO8601Formatters.string(from: Date(timeIntervalSince1970: credential.issuedAt))],
                                time: now, ids: ids)
            }
        }
    }

    /// The credential a pass of `wallet` is issued with: a new one for Apple (a new `.pkpass`
    /// replaces the old in Wallet: same serial number), the current one for Google while there is
    /// one (a save link only creates the object the first time, so a saved pass keeps its first
    /// credential; a new one would refuse it), else a new one.
    public func credentialForIssue(memberId: String, wallet: WalletKind) throws -> PassCredential {
        if wallet == .google {
            let current = try storeErrorsPublished { try database.currentPassCredential(memberId: memberId, wallet: .google) }
            if let current { return current }
        }
        return try issuePassCredential(memberId: memberId, wallet: wallet)
    }

    /// Every credential the member's passes were issued with, oldest first.
    public func passCredentials(memberId: String) throws -> [PassCredential] {
        try database.passCredentials(memberId: memberId)
    }
}
