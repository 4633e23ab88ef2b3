import Crypto
import Foundation

/// A reader's P-256 private key from the text of its file: PEM (`EC PRIVATE KEY` or `PRIVATE KEY`,
/// as `openssl ecparam -genkey` and `openssl genpkey` write them). The caller reads the file.
public enum ReaderKey {
    public static func keyAgreement(pem text: String, file: String) throws(WalletReadingError) -> P256.KeyAgreement.PrivateKey {
        do {
            return try P256.KeyAgreement.PrivateKey(pemRepresentation: text)
        } catch {
            throw .badKey("\(file): not a P-256 private key in PEM (EC PRIVATE KEY or PRIVATE KEY)")
        }
    }

    public static func signing(pem text: String, file: String) throws(WalletReadingError) -> P256.Signing.PrivateKey {
        do {
            return try P256.Signing.PrivateKey(pemRepresentation: text)
        } catch {
            throw .badKey("\(file): not a P-256 private key in PEM (EC PRIVATE KEY or PRIVATE KEY)")
        }
    }
}
