import DeskSettings
import Foundation
import X509

/// The dates of every certificate `[wallet]` names, for `doctor`: the pass certificate, Apple's
/// WWDR certificate and, where the service account file carries one, its key's certificate.
/// Judging them (expired, expiring soon) is the doctor's; a file that is not there is left to its file check.
public enum WalletCertificateDates {
    public struct Dated: Sendable, Equatable {
        public let key: String
        public let path: String
        public let notBefore: Date
        public let notAfter: Date
    }

    /// A certificate file that cannot be read: its config key, and why (one line).
    public struct Unreadable: Error, Sendable, Equatable {
        public let key: String
        public let why: String
    }

    /// Each named certificate's dates, or why it cannot be read.
    public static func read(_ wallet: DeskConfig.Wallet) -> [Result<Dated, Unreadable>] {
        var found: [Result<Dated, Unreadable>] = []
        for (key, path) in [("wallet.apple.certificate", wallet.apple.certificate), ("wallet.apple.wwdr_certificate", wallet.apple.wwdrCertificate)]
            where FileManager.default.fileExists(atPath: path) {
            do {
                found.append(.success(dated(try PassSigner.certificate(path, key: key), key: key, path: path)))
            } catch {
                found.append(.failure(Unreadable(key: key, why: "\(error)")))
            }
        }
        let account = wallet.google.serviceAccountFile
        if FileManager.default.fileExists(atPath: account) {
            do {
                found += try serviceAccountCertificates(account).map { .success($0) }
            } catch {
                found.append(.failure(Unreadable(key: "wallet.google.service_account_file", why: "\(error)")))
            }
        }
        return found
    }

    /// A Google service account key file is JSON; a PEM certificate in any of its strings is its key's.
    static func serviceAccountCertificates(_ path: String) throws -> [Dated] {
        let key = "wallet.google.service_account_file"
        let bytes = try WalletFile.bytes(path, key: key)
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: Data(bytes))
        } catch {
            throw WalletError(.file, "\(key): '\(path)' is not a JSON object")
        }
        guard let object = parsed as? [String: Any] else { throw WalletError(.file, "\(key): '\(path)' is not a JSON object") }
        return try object.keys.sorted().compactMap { name -> Dated? in
            guard let text = object[name] as? String, text.contains("-----BEGIN CERTIFICATE-----") else { return nil }
            do {
                return dated(try Certificate(pemEncoded: text), key: "\(key) (\(name))", path: path)
            } catch {
                throw WalletError(.file, "\(key): the \(name) in '\(path)' is not a readable certificate")
            }
        }
    }

    static func dated(_ certificate: Certificate, key: String, path: String) -> Dated {
        Dated(key: key, path: path, notBefore: certificate.notValidBefore, notAfter: certificate.notValidAfter)
    }
}
