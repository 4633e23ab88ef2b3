import ArgumentParser
import Foundation
import WalletPasses

/// Makes the club's two P-256 key pairs and prints their public halves; the private halves go to
/// files (0600) and are never printed.
struct WalletKeysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "Make the NFC (Apple VAS) and Smart Tap (Google) key pairs, and print their public keys.",
        discussion: "Writes DIR/\(appleFile) and DIR/\(googleFile) (mode 0600); an existing key is never replaced."
    )

    static let appleFile = "apple-nfc-key.pem"
    static let googleFile = "google-smart-tap-key.pem"

    @Option(help: ArgumentHelp("The folder for the two private key files (made 0700 if missing).", valueName: "dir")) var out: String

    func validate() throws {
        if out.isEmpty { throw ValidationError("--out needs a folder") }
    }

    func run() throws {
        let apple = URL(fileURLWithPath: out).appendingPathComponent(Self.appleFile).path
        let google = URL(fileURLWithPath: out).appendingPathComponent(Self.googleFile).path
        // Both or neither: a half-made pair would leave one key without its public half printed.
        for path in [apple, google] where FileManager.default.fileExists(atPath: path) {
            throw WalletError(.io, "'\(path)' exists (a key in use is never replaced; choose another --out)")
        }
        try MemberWallet.makeFolder(out)
        let nfc = WalletKeyPair.generate(), smartTap = WalletKeyPair.generate()
        try nfc.writePrivateKey(to: apple)
        do {
            try smartTap.writePrivateKey(to: google)
        } catch {
            unlink(apple)
            throw error
        }
        print("""
            Wrote \(apple) and \(google) (mode 0600: readable by this user only).

            Apple: set wallet.apple.nfc_key_file = "\(apple)". Each pass's nfc.encryptionPublicKey will be:
            \(nfc.appleEncryptionPublicKey)

            Google: set wallet.google.smart_tap_key_file = "\(google)", and give this public key to the \
            Google Pay & Wallet console (Smart Tap); set wallet.google.smart_tap_key_version to the version it shows:
            \(smartTap.googlePublicKeyPEM)
            """)
    }
}
