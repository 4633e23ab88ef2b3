import Crypto
import Foundation
import SwiftASN1

/// The club's P-256 key pairs for phones at the reader: `wallet.apple.nfc_key_file` (Apple VAS)
/// and `wallet.google.smart_tap_key_file` (Google Smart Tap). Pure key handling, MemberKit-free,
/// so the reading side reuses it. Private keys are never printed: only the public forms below are.
public struct WalletKeyPair: Sendable {
    /// The private scalar, from which both uses below are made.
    private let raw: Data

    public init(agreement key: P256.KeyAgreement.PrivateKey) { raw = key.rawRepresentation }

    /// A new random key pair.
    public static func generate() -> WalletKeyPair { WalletKeyPair(agreement: P256.KeyAgreement.PrivateKey()) }

    /// A PEM private key: SEC1 (`EC PRIVATE KEY`, as `openssl ecparam -genkey` writes) or PKCS#8
    /// (`PRIVATE KEY`, as `wallet keys` writes), on P-256. `key` names the config key in errors.
    public init(pem text: String, key: String, path: String) throws {
        if text.contains("ENCRYPTED PRIVATE KEY") || text.contains("Proc-Type: 4,ENCRYPTED") {
            throw WalletError(.file, "\(key): '\(path)' is encrypted; decrypt it first (openssl pkey -in FILE -out PLAIN)")
        }
        guard text.contains("PRIVATE KEY-----") else {
            throw WalletError(.file, "\(key): '\(path)' holds no PEM private key")
        }
        do {
            raw = try P256.KeyAgreement.PrivateKey(pemRepresentation: text).rawRepresentation
        } catch {
            throw WalletError(.file, "\(key): '\(path)' is not a P-256 private key")
        }
    }

    /// Reads a key file that `[wallet]` names.
    public static func load(path: String, key: String) throws -> WalletKeyPair {
        try WalletKeyPair(pem: try WalletFile.text(path, key: key), key: key, path: path)
    }

    /// For ECDH (Apple VAS decrypts the pass's message with it).
    public var agreement: P256.KeyAgreement.PrivateKey { try! P256.KeyAgreement.PrivateKey(rawRepresentation: raw) }
    /// For ECDSA (Google Smart Tap's collector signs its handshake with it).
    public var signing: P256.Signing.PrivateKey { try! P256.Signing.PrivateKey(rawRepresentation: raw) }
    public var publicKey: P256.KeyAgreement.PublicKey { agreement.publicKey }

    /// The private key as PKCS#8 PEM, for the key file `wallet keys` writes (never for printing).
    var privatePEM: String { agreement.pemRepresentation }

    /// Apple's `nfc.encryptionPublicKey`: base64 of the X.509 SubjectPublicKeyInfo (DER) holding
    /// the key's COMPRESSED point (59 bytes of DER). Apple's docs name the SPKI only; Wallet refuses a
    /// pass whose key is the uncompressed point (see docs/wallet.md).
    public var appleEncryptionPublicKey: String { Data(Self.compressedSPKI(publicKey)).base64EncodedString() }

    /// The public key as Google's console takes it for Smart Tap: PEM SubjectPublicKeyInfo.
    public var googlePublicKeyPEM: String { publicKey.pemRepresentation }

    /// SubjectPublicKeyInfo { AlgorithmIdentifier { id-ecPublicKey, prime256v1 }, BIT STRING point }.
    static func compressedSPKI(_ key: P256.KeyAgreement.PublicKey) -> [UInt8] {
        var serializer = DER.Serializer()
        // Serialising these fixed values into a growing buffer cannot fail.
        try! serializer.appendConstructedNode(identifier: .sequence) { spki in
            try spki.appendConstructedNode(identifier: .sequence) { algorithm in
                try algorithm.serialize(ASN1ObjectIdentifier.AlgorithmIdentifier.idEcPublicKey)
                try algorithm.serialize(ASN1ObjectIdentifier.NamedCurves.secp256r1)
            }
            try spki.serialize(ASN1BitString(bytes: ArraySlice(key.compressedRepresentation)))
        }
        return serializer.serializedBytes
    }

    /// The public key back from Apple's form (tests, and the reading side's self-check).
    public static func publicKey(appleEncryptionPublicKey text: String) throws -> P256.KeyAgreement.PublicKey {
        guard let der = Data(base64Encoded: text) else { throw WalletError(.file, "not base64") }
        let node = try DER.parse(Array(der))
        return try DER.sequence(node, identifier: .sequence) { nodes in
            _ = try DER.sequence(nodes.next()!, identifier: .sequence) { inner in
                let algorithm = try ASN1ObjectIdentifier(derEncoded: inner.next()!)
                let curve = try ASN1ObjectIdentifier(derEncoded: inner.next()!)
                guard algorithm == .AlgorithmIdentifier.idEcPublicKey, curve == .NamedCurves.secp256r1 else { throw WalletError(.file, "not a P-256 key") }
            }
            guard let bitsNode = nodes.next() else { throw WalletError(.file, "no key") }
            let bits = try ASN1BitString(derEncoded: bitsNode)
            return try P256.KeyAgreement.PublicKey(compressedRepresentation: Array(bits.bytes))
        }
    }

    /// Writes the private key to a new file, mode 0600 from its creation; never over an existing one
    /// (a key already handed to a reader or a console must not be lost).
    public func writePrivateKey(to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            let reason = errno == EEXIST ? "it exists (a key in use is never replaced)" : String(cString: strerror(errno))
            throw WalletError(.io, "cannot write '\(path)': \(reason)")
        }
        defer { close(fd) }
        let bytes = Array(privatePEM.utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count, fsync(fd) == 0 else {
            unlink(path)
            throw WalletError(.io, "cannot write '\(path)': \(String(cString: strerror(errno)))")
        }
    }
}
