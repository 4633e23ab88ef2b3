import _CryptoExtras
import Foundation

/// Google Cloud's service account key file (JSON): who signs the save links (`client_email`) and
/// with what (`private_key`, RSA in PEM). The key is kept here and never printed.
public struct GoogleServiceAccount: Sendable {
    public let clientEmail: String
    let privateKey: _RSA.Signing.PrivateKey

    public init(json bytes: [UInt8], path: String) throws {
        let key = "wallet.google.service_account_file"
        guard let object = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] else {
            throw WalletError(.file, "\(key): '\(path)' is not a JSON object")
        }
        guard let email = object["client_email"] as? String, !email.isEmpty else {
            throw WalletError(.file, "\(key): '\(path)' has no client_email")
        }
        guard let pem = object["private_key"] as? String, !pem.isEmpty else {
            throw WalletError(.file, "\(key): '\(path)' has no private_key")
        }
        do {
            privateKey = try _RSA.Signing.PrivateKey(pemRepresentation: pem)
        } catch {
            throw WalletError(.file, "\(key): the private_key in '\(path)' is not an RSA private key (PEM)")
        }
        clientEmail = email
    }

    public static func load(path: String) throws -> GoogleServiceAccount {
        try GoogleServiceAccount(json: try WalletFile.bytes(path, key: "wallet.google.service_account_file"), path: path)
    }

    /// RS256: RSASSA-PKCS1-v1_5 over SHA-256.
    func rs256(_ bytes: [UInt8]) throws -> [UInt8] {
        Array(try privateKey.signature(for: bytes, padding: .insecurePKCS1v1_5).rawRepresentation)
    }
}
