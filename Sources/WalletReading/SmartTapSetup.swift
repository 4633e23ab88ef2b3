import Crypto

/// What a reader needs to read Google passes: the collector id Google gave the club, and the
/// long-term P-256 key (and its version) whose public half the club registered with Google.
public struct SmartTapSetup: Sendable {
    public let collectorId: UInt32
    public let keyVersion: UInt32
    let signingKey: P256.Signing.PrivateKey

    public init(collectorId: UInt32, keyVersion: UInt32, key: P256.Signing.PrivateKey) {
        self.collectorId = collectorId
        self.keyVersion = keyVersion
        signingKey = key
    }

    /// `collectorId` as the config holds it (decimal); `keyFile`: the key file's name and PEM text.
    public init(collectorId: String, keyVersion: UInt32, keyFile: (name: String, pem: String)) throws(WalletReadingError) {
        guard let id = UInt32(collectorId) else {
            throw .badKey("wallet.google.collector_id: '\(collectorId)' is not a collector id (decimal, up to 4294967295)")
        }
        let key = try ReaderKey.signing(pem: keyFile.pem, file: keyFile.name)
        self.init(collectorId: id, keyVersion: keyVersion, key: key)
    }

    /// A new session for one tap: a fresh ephemeral key and nonce, signed for the phone's nonce.
    public func session(phoneNonce: [UInt8]) throws(WalletReadingError) -> SmartTapSession {
        try SmartTapSession(collectorId: collectorId, phoneNonce: phoneNonce, signingKey: signingKey)
    }
}
