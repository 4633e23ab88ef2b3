import Crypto
import Foundation

/// A VAS cryptogram as the phone sends it in tag 9F27:
///
///     key id (4) ‖ phone's ephemeral public key X (32) ‖ AES-256-GCM ciphertext ‖ tag (16)
///
/// The key id names which of the reader's keys the pass was made for: the first four bytes of the
/// SHA-256 of that key's public X coordinate. The AES key is ANSI X9.63's KDF (SHA-256, 32 bytes)
/// over the ECDH secret, with shared info `0D ‖ "id-aes256-GCM" ‖ "ApplePay encrypted VAS data" ‖
/// SHA-256(pass type id)`; the IV is 16 zero bytes and there is no additional data. The plaintext is
/// a 4-byte big-endian time (seconds since 2001-01-01 UTC) and the pass's `nfc.message`.
public enum VASCryptogram {
    public struct Pass: Sendable, Equatable {
        /// The pass's `nfc.message`: our pass id.
        public var message: String
        /// When the phone made the cryptogram, by the phone's clock.
        public var time: Date
    }

    /// 2001-01-01 00:00:00 UTC, the epoch of the cryptogram's time.
    public static let epoch = Date(timeIntervalSince1970: 978_307_200)
    static let headerCount = 4 + 32
    static let tagCount = 16

    /// The key id of a reader key: SHA-256 of its public X coordinate, first four bytes.
    public static func keyId(of key: P256.KeyAgreement.PublicKey) -> [UInt8] {
        Array(SHA256.hash(data: key.rawRepresentation.prefix(32)).prefix(4))
    }

    /// What a desk keeps to know a cryptogram again: its SHA-256, never the cryptogram.
    public static func digest(_ cryptogram: [UInt8]) -> [UInt8] { Array(SHA256.hash(data: cryptogram)) }

    /// The shared info of the X9.63 KDF for a pass type id.
    public static func sharedInfo(passTypeId: String) -> [UInt8] {
        [0x0D] + Array("id-aes256-GCM".utf8) + Array("ApplePay encrypted VAS data".utf8) + VASProtocol.passTypeIdHash(passTypeId)
    }

    /// Decrypts with whichever of `keys` the cryptogram names.
    public static func open(_ cryptogram: [UInt8], passTypeId: String,
                            keys: [P256.KeyAgreement.PrivateKey]) throws(WalletReadingError) -> Pass {
        guard cryptogram.count >= headerCount + tagCount + 4 else {
            throw .malformedAnswer("the cryptogram has \(cryptogram.count) bytes, too few to hold a pass")
        }
        let keyId = Array(cryptogram[0..<4])
        guard let key = keys.first(where: { Self.keyId(of: $0.publicKey) == keyId }) else { throw .unknownKeyId(keyId) }
        // The phone sends X only; either Y gives the same shared X, so 02 serves.
        let phoneKey: P256.KeyAgreement.PublicKey
        do {
            phoneKey = try P256.KeyAgreement.PublicKey(compressedRepresentation: [0x02] + cryptogram[4..<headerCount])
        } catch {
            throw .malformedAnswer("the phone's key in the cryptogram is not a point on P-256")
        }
        let plaintext: Data
        do {
            let secret = try key.sharedSecretFromKeyAgreement(with: phoneKey)
            let aesKey = secret.x963DerivedSymmetricKey(using: SHA256.self, sharedInfo: sharedInfo(passTypeId: passTypeId),
                                                        outputByteCount: 32)
            let body = cryptogram[headerCount...]
            let box = try AES.GCM.SealedBox(nonce: AES.GCM.Nonce(data: [UInt8](repeating: 0, count: 16)),
                                            ciphertext: body.dropLast(tagCount), tag: body.suffix(tagCount))
            plaintext = try AES.GCM.open(box, using: aesKey)
        } catch {
            throw .authenticationFailed("the cryptogram's AES-GCM tag")
        }
        let bytes = Array(plaintext)
        guard bytes.count >= 4 else { throw .malformedAnswer("the decrypted pass has no time") }
        let seconds = bytes[0..<4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard let message = String(validating: bytes[4...], as: UTF8.self) else {
            throw .malformedAnswer("the pass's message is not UTF-8")
        }
        return Pass(message: message, time: epoch.addingTimeInterval(Double(seconds)))
    }
}
