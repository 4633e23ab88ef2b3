import Crypto
import _CryptoExtras

/// One Smart Tap session, the reader's side. The reader signs (ECDSA P-256, SHA-256, DER)
///
///     reader nonce (32) ‖ phone nonce (32) ‖ collector id (4) ‖ reader's compressed ephemeral key (33)
///
/// with its long-term key. The session keys are HKDF-SHA256 over the ECDH secret of the two
/// ephemeral keys: salt the phone's compressed ephemeral key, info the signed bytes ‖ the DER
/// signature, 48 bytes: AES-128 key ‖ HMAC-SHA256 key. The record bundle is a flag byte ‖ IV (12)
/// ‖ AES-128-CTR ciphertext ‖ HMAC-SHA256 (32) over IV ‖ ciphertext; the counter starts at zero
/// after the 12-byte IV.
public struct SmartTapSession: Sendable {
    public let collectorId: UInt32
    public let phoneNonce: [UInt8]
    public let readerNonce: [UInt8]
    public let ephemeralKey: P256.KeyAgreement.PrivateKey
    /// The DER signature sent in `sig` (and part of the key derivation's info).
    public let signature: [UInt8]

    init(collectorId: UInt32, phoneNonce: [UInt8], signingKey: P256.Signing.PrivateKey,
         readerNonce: [UInt8] = (0..<32).map { _ in UInt8.random(in: 0...255) },
         ephemeralKey: P256.KeyAgreement.PrivateKey = P256.KeyAgreement.PrivateKey()) throws(WalletReadingError) {
        self.collectorId = collectorId
        self.phoneNonce = phoneNonce
        self.readerNonce = readerNonce
        self.ephemeralKey = ephemeralKey
        let signed = Self.signedData(readerNonce: readerNonce, phoneNonce: phoneNonce, collectorId: collectorId,
                                     readerKey: ephemeralKey.publicKey.compressedRepresentation)
        guard let signature = try? signingKey.signature(for: signed) else { throw .badKey("the Smart Tap key does not sign") }
        self.signature = Array(signature.derRepresentation)
    }

    public var compressedEphemeralKey: [UInt8] { Array(ephemeralKey.publicKey.compressedRepresentation) }

    /// The bytes the reader signs, and the start of the key derivation's info.
    public static func signedData(readerNonce: [UInt8], phoneNonce: [UInt8], collectorId: UInt32,
                                  readerKey: some Sequence<UInt8>) -> [UInt8] {
        readerNonce + phoneNonce + SmartTapProtocol.bigEndian(collectorId) + Array(readerKey)
    }

    /// The AES-128 and HMAC keys of this session, once the phone's ephemeral key is known.
    public struct Keys: Sendable {
        public var encryption: SymmetricKey
        public var authentication: SymmetricKey

        public init(encryption: SymmetricKey, authentication: SymmetricKey) {
            self.encryption = encryption
            self.authentication = authentication
        }
    }

    public func keys(phoneKey: [UInt8]) throws(WalletReadingError) -> Keys {
        let info = Self.signedData(readerNonce: readerNonce, phoneNonce: phoneNonce, collectorId: collectorId,
                                   readerKey: compressedEphemeralKey) + signature
        return try Self.deriveKeys(ephemeralKey: ephemeralKey, phoneKey: phoneKey, info: info)
    }

    /// HKDF-SHA256 over the ECDH secret; salt the phone's compressed ephemeral key; 48 bytes.
    public static func deriveKeys(ephemeralKey: P256.KeyAgreement.PrivateKey, phoneKey: [UInt8],
                                  info: [UInt8]) throws(WalletReadingError) -> Keys {
        let phone: P256.KeyAgreement.PublicKey
        do {
            phone = try P256.KeyAgreement.PublicKey(compressedRepresentation: phoneKey)
        } catch {
            throw .malformedAnswer("the phone's ephemeral key is not a point on P-256")
        }
        guard let secret = try? ephemeralKey.sharedSecretFromKeyAgreement(with: phone) else {
            throw .malformedAnswer("no shared secret with the phone's ephemeral key")
        }
        let derived = secret.hkdfDerivedSymmetricKey(using: SHA256.self, salt: phoneKey, sharedInfo: info, outputByteCount: 48)
        let bytes = derived.withUnsafeBytes { Array($0) }
        return Keys(encryption: SymmetricKey(data: bytes[0..<16]), authentication: SymmetricKey(data: bytes[16..<48]))
    }

    /// The record bundle (`reb`'s payload) decrypted, its HMAC verified first.
    public func open(recordBundle bundle: [UInt8], phoneKey: [UInt8]) throws(WalletReadingError) -> [UInt8] {
        try Self.open(recordBundle: bundle, keys: keys(phoneKey: phoneKey))
    }

    static let ivCount = 12, macCount = 32

    public static func open(recordBundle bundle: [UInt8], keys: Keys) throws(WalletReadingError) -> [UInt8] {
        guard let flag = bundle.first else { throw .malformedAnswer("an empty record bundle") }
        // Flags 2 and 3 are zlib-compressed bundles: we never announce zlib (`pcr`), so a phone must not send one.
        guard flag != 0x02, flag != 0x03 else { throw .malformedAnswer("a compressed record bundle, which this reader did not ask for") }
        guard bundle.count >= 1 + ivCount + macCount else {
            throw .malformedAnswer("the record bundle has \(bundle.count) bytes, too few for an IV and an HMAC")
        }
        let body = bundle[1..<(bundle.count - macCount)]
        let mac = bundle.suffix(macCount)
        guard HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: body, using: keys.authentication) else {
            throw .authenticationFailed("the record bundle's HMAC")
        }
        do {
            let nonce = try AES._CTR.Nonce(nonceBytes: body.prefix(ivCount))
            return Array(try AES._CTR.decrypt(body.dropFirst(ivCount), using: keys.encryption, nonce: nonce))
        } catch {
            throw .malformedAnswer("the record bundle does not decrypt")
        }
    }
}
