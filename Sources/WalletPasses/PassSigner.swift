import Crypto
import Foundation
import MemberKit
import SwiftASN1
@_spi(CMS) import X509

/// The pass certificate, its private key and Apple's WWDR intermediate, checked once: each file
/// readable and of its kind, the key the certificate's, the certificate valid now. Signs a
/// manifest as Wallet wants: a detached CMS SignedData (DER) with the WWDR certificate and a
/// signing time, made by swift-certificates' CMS (no ASN.1 of ours).
public struct PassSigner: Sendable {
    let certificate: Certificate
    let privateKey: Certificate.PrivateKey
    let wwdr: Certificate

    public init(certificatePath: String, keyPath: String, wwdrPath: String, now: Date) throws {
        certificate = try Self.certificate(certificatePath, key: "wallet.apple.certificate")
        wwdr = try Self.certificate(wwdrPath, key: "wallet.apple.wwdr_certificate")
        let keyText = try WalletFile.text(keyPath, key: "wallet.apple.key_file")
        if keyText.contains("ENCRYPTED") {
            throw WalletError(.file, "wallet.apple.key_file: '\(keyPath)' is encrypted; decrypt it first (openssl pkey -in FILE -out PLAIN)")
        }
        do {
            privateKey = try Certificate.PrivateKey(pemEncoded: keyText)
        } catch {
            throw WalletError(.file, "wallet.apple.key_file: '\(keyPath)' is not a PEM private key (RSA or EC)")
        }
        guard certificate.publicKey == privateKey.publicKey else {
            throw WalletError(.file, "wallet.apple.key_file: '\(keyPath)' is not the private key of the certificate '\(certificatePath)'")
        }
        try Self.checkValid(certificate, at: now, key: "wallet.apple.certificate", path: certificatePath)
        try Self.checkValid(wwdr, at: now, key: "wallet.apple.wwdr_certificate", path: wwdrPath)
        guard certificate.issuer == wwdr.subject else {
            throw WalletError(.file, "wallet.apple.wwdr_certificate: '\(wwdrPath)' did not issue the certificate '\(certificatePath)' "
                + "(its issuer is \(certificate.issuer))")
        }
    }

    /// The pass certificate's subject, for `doctor`-style messages and tests.
    public var subject: String { "\(certificate.subject)" }
    public var notValidAfter: Date { certificate.notValidAfter }

    /// The detached signature of `manifest`, DER.
    public func sign(manifest: [UInt8], at time: Date) throws -> [UInt8] {
        do {
            return try CMS.sign(manifest, additionalIntermediateCertificates: [wwdr], certificate: certificate,
                                privateKey: privateKey, signingTime: time, detached: true)
        } catch {
            throw WalletError(.file, "cannot sign with wallet.apple.key_file: \(error)")
        }
    }

    static func certificate(_ path: String, key: String) throws -> Certificate {
        let text = try WalletFile.text(path, key: key)
        guard text.contains("-----BEGIN CERTIFICATE-----") else {
            throw WalletError(.file, "\(key): '\(path)' holds no PEM certificate (convert a .cer with openssl x509 -inform DER -in FILE -out FILE.pem)")
        }
        do {
            return try Certificate(pemEncoded: text)
        } catch {
            throw WalletError(.file, "\(key): '\(path)' is not a readable certificate")
        }
    }

    static func checkValid(_ certificate: Certificate, at now: Date, key: String, path: String) throws {
        if now > certificate.notValidAfter {
            throw WalletError(.file, "\(key): the certificate '\(path)' expired on \(Self.day(certificate.notValidAfter))")
        }
        if now < certificate.notValidBefore {
            throw WalletError(.file, "\(key): the certificate '\(path)' is not valid before \(Self.day(certificate.notValidBefore))")
        }
    }

    static func day(_ date: Date) -> String {
        ISO8601Formatters.string(from: date, options: [.withFullDate])
    }
}
