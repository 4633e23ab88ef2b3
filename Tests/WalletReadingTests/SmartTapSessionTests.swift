import Crypto
import Foundation
import Testing
@testable import WalletReading

/// Smart Tap's session keys and record bundle. Google publishes no full exchange with a private key
/// on both sides, so the vector here was made by python-cryptography (an implementation apart from
/// ours, scripts/smart-tap-vector.py) with Google's sample collector key (`smart-tap-sample-app`:
/// collector 20180608, key version 1), fixed ephemeral keys (scalars 11…11 and 22…22) and nonces.
@Suite struct SmartTapSessionTests {
    /// Google's sample app's long-term key, collector 20180608, version 1.
    static let sampleKey = """
        -----BEGIN EC PRIVATE KEY-----
        MHcCAQEEIIJtF+UHZ7FlsOTZ4zL40dHiAiQoT7Ta8eUKAyRucHl9oAoGCCqGSM49
        AwEHoUQDQgAEchyXj869zfmKhRi9xP7f2AK07kEo4lE7ZlWTN14jh4YBTny+hRGR
        XcUzevV9zSSPJlPHpqqu5pEwlv1xyFvE1w==
        -----END EC PRIVATE KEY-----
        """
    static let collector: UInt32 = 20_180_608
    static let readerNonce = Array(UInt8(1)...32), phoneNonce = Array(UInt8(0x41)...0x60)
    static let readerEphemeral = try! P256.KeyAgreement.PrivateKey(rawRepresentation: [UInt8](repeating: 0x11, count: 32))
    static let phoneEphemeral = try! P256.KeyAgreement.PrivateKey(rawRepresentation: [UInt8](repeating: 0x22, count: 32))
    static let readerKey = VASCryptogramTests.bytes("020217e617f0b6443928278f96999e69a23a4f2c152bdf6d6cdf66e5b80282d4ed")
    static let phoneKey = VASCryptogramTests.bytes("03d65a93977caa3d1b081852ff57a79e465f1660577304baead505dd3a48589cf3")
    static let signature = VASCryptogramTests.bytes("304502204e4e57f9ee4a92b12c4bf053a68353f5ab8a70401a0f2746c77d41dc968e1d33022100f6d501df7a346ffed9e908818c52b6617dd7c656f1dd209de007578856506292")
    static let derived = VASCryptogramTests.bytes("c174dc0a6dc167d3410bf9384e246e9145d9ee1978d7c26af11b7893ceaf7343316be232216185d827b13fb15fdca04e")
    static let bundle = VASCryptogramTests.bytes("00a0a1a2a3a4a5a6a7a8a9aaabbc48bf2c9b7c95c3ae6b395da7b251a226568a2aecf5e6426a547393afedb855b8b8965259e7a0c9a063a05a88ed582e8977cee198bd")

    static var signingKey: P256.Signing.PrivateKey { try! ReaderKey.signing(pem: sampleKey, file: "sample") }
    static var signed: [UInt8] { SmartTapSession.signedData(readerNonce: readerNonce, phoneNonce: phoneNonce, collectorId: collector, readerKey: readerKey) }

    static func bytes(_ key: SymmetricKey) -> [UInt8] { key.withUnsafeBytes { Array($0) } }

    @Test func theVectorsKeysAndPassDecrypt() throws {
        #expect(Array(Self.readerEphemeral.publicKey.compressedRepresentation) == Self.readerKey)
        // The signed bytes: reader nonce ‖ phone nonce ‖ 01 33 EE 80 ‖ the reader's compressed key.
        #expect(Self.signed.count == 32 + 32 + 4 + 33 && Array(Self.signed[64..<68]) == [0x01, 0x33, 0xEE, 0x80])
        let signature = try P256.Signing.ECDSASignature(derRepresentation: Self.signature)
        #expect(Self.signingKey.publicKey.isValidSignature(signature, for: Self.signed))
        let keys = try SmartTapSession.deriveKeys(ephemeralKey: Self.readerEphemeral, phoneKey: Self.phoneKey, info: Self.signed + Self.signature)
        #expect(Self.bytes(keys.encryption) + Self.bytes(keys.authentication) == Self.derived)
        let plaintext = try SmartTapSession.open(recordBundle: Self.bundle, keys: keys)
        #expect(try SmartTapServiceObject.redemptionValue(in: plaintext) == "2018")
    }

    @Test func bothSidesDeriveTheSameKeys() throws {
        // The reader's side from the phone's key; the phone's side from the reader's, HKDF as the spec says.
        let session = try SmartTapSession(collectorId: Self.collector, phoneNonce: Self.phoneNonce, signingKey: Self.signingKey)
        let phone = P256.KeyAgreement.PrivateKey()
        let phoneKey = Array(phone.publicKey.compressedRepresentation)
        let reader = try session.keys(phoneKey: phoneKey)
        let secret = try phone.sharedSecretFromKeyAgreement(with: P256.KeyAgreement.PublicKey(compressedRepresentation: session.compressedEphemeralKey))
        let info = SmartTapSession.signedData(readerNonce: session.readerNonce, phoneNonce: Self.phoneNonce, collectorId: Self.collector,
                                              readerKey: session.compressedEphemeralKey) + session.signature
        let phoneSide = Self.bytes(secret.hkdfDerivedSymmetricKey(using: SHA256.self, salt: phoneKey, sharedInfo: info, outputByteCount: 48))
        #expect(Self.bytes(reader.encryption) + Self.bytes(reader.authentication) == phoneSide)
        // The reader's signature is what the phone checks with the collector's registered key.
        let signature = try P256.Signing.ECDSASignature(derRepresentation: session.signature)
        #expect(Self.signingKey.publicKey.isValidSignature(signature, for: Array(info.dropLast(session.signature.count))))
    }

    @Test func eachSessionHasAFreshKeyAndNonce() throws {
        let setup = SmartTapSetup(collectorId: Self.collector, keyVersion: 1, key: Self.signingKey)
        let one = try setup.session(phoneNonce: Self.phoneNonce), two = try setup.session(phoneNonce: Self.phoneNonce)
        #expect(one.readerNonce != two.readerNonce && one.compressedEphemeralKey != two.compressedEphemeralKey)
        #expect(one.readerNonce.count == 32)
    }

    @Test func aWrongHMACIsRefusedBeforeDecrypting() throws {
        let keys = try SmartTapSession.deriveKeys(ephemeralKey: Self.readerEphemeral, phoneKey: Self.phoneKey, info: Self.signed + Self.signature)
        for index in [1, 13, Self.bundle.count - 1] {
            var tampered = Self.bundle
            tampered[index] ^= 0x01
            #expect(throws: WalletReadingError.authenticationFailed("the record bundle's HMAC")) {
                try SmartTapSession.open(recordBundle: tampered, keys: keys)
            }
        }
        // Another session's keys (a replayed answer): the same refusal.
        let other = try SmartTapSession.deriveKeys(ephemeralKey: P256.KeyAgreement.PrivateKey(), phoneKey: Self.phoneKey, info: Self.signed)
        #expect(throws: WalletReadingError.authenticationFailed("the record bundle's HMAC")) {
            try SmartTapSession.open(recordBundle: Self.bundle, keys: other)
        }
    }

    @Test func shortCompressedOrOffCurveAnswersAreMalformed() throws {
        let keys = try SmartTapSession.deriveKeys(ephemeralKey: Self.readerEphemeral, phoneKey: Self.phoneKey, info: Self.signed + Self.signature)
        for bundle in [[], Array(Self.bundle.prefix(44)), [0x02] + Self.bundle.dropFirst()] {
            #expect(throws: WalletReadingError.self) { try SmartTapSession.open(recordBundle: bundle, keys: keys) }
        }
        #expect(throws: WalletReadingError.malformedAnswer("the phone's ephemeral key is not a point on P-256")) {
            try SmartTapSession.deriveKeys(ephemeralKey: Self.readerEphemeral, phoneKey: [0x02] + [UInt8](repeating: 0xFF, count: 32), info: [])
        }
    }

    @Test func aBadCollectorIdOrKeyIsABadKey() {
        #expect(throws: WalletReadingError.self) { try SmartTapSetup(collectorId: "12x", keyVersion: 1, keyFile: ("k", Self.sampleKey)) }
        #expect(throws: WalletReadingError.self) { try SmartTapSetup(collectorId: "99999999999", keyVersion: 1, keyFile: ("k", Self.sampleKey)) }
        #expect(throws: WalletReadingError.self) { try SmartTapSetup(collectorId: "1", keyVersion: 1, keyFile: ("k", "not a key")) }
        #expect((try? SmartTapSetup(collectorId: "20180608", keyVersion: 1, keyFile: ("k", Self.sampleKey)))?.collectorId == Self.collector)
    }
}
