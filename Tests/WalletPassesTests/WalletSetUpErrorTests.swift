import DeskSettings
import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing
@testable import WalletPasses

/// Every bad set-up is one line naming the key and the file, found before any pass is made.
@Suite struct WalletSetUpErrorTests {
    static func apple(_ wallet: DeskConfig.Wallet, now: Date = Date()) throws {
        _ = try ApplePassIssuer(wallet, look: WalletLook(wallet, terminalName: "Desk 1", databasePath: "/tmp/m.sqlite"), now: now)
    }

    @Test func aMissingOrUnreadableFile() throws {
        let ca = try WalletTestCA()
        var wallet = ca.wallet()
        wallet.apple.certificate = ca.folder.file("nope.pem")
        #expect(throws: WalletError(.file, "wallet.apple.certificate: no file '\(ca.folder.file("nope.pem"))'")) { try Self.apple(wallet) }
        wallet = ca.wallet()
        wallet.apple.passTypeId = ""
        #expect(throws: WalletError(.setUp, "wallet.apple.pass_type_id is not set (see docs/wallet.md)")) { try Self.apple(wallet) }
        wallet = ca.wallet()
        wallet.apple.keyFile = ca.folder.path
        #expect(throws: WalletError(.file, "wallet.apple.key_file: '\(ca.folder.path)' is a folder")) { try Self.apple(wallet) }
    }

    @Test func aKeyThatIsNotTheCertificatesOwn() throws {
        let ca = try WalletTestCA()
        var wallet = ca.wallet()
        wallet.apple.keyFile = ca.folder.file("root.key")
        #expect(throws: WalletError(.file, "wallet.apple.key_file: '\(ca.folder.file("root.key"))' is not the private key of the certificate '\(ca.certificate)'")) {
            try Self.apple(wallet)
        }
        wallet.apple.keyFile = ca.certificate
        #expect(throws: WalletError(.file, "wallet.apple.key_file: '\(ca.certificate)' is not a PEM private key (RSA or EC)")) { try Self.apple(wallet) }
    }

    @Test func anExpiredCertificate() throws {
        let ca = try WalletTestCA()
        let later = Date().addingTimeInterval(400 * 86_400)
        let error = try #require(throws: WalletError.self) { try Self.apple(ca.wallet(), now: later) }
        #expect(error.description.hasPrefix("wallet.apple.certificate: the certificate '\(ca.certificate)' expired on "))
    }

    @Test func idsTheCertificateDoesNotCarry() throws {
        let ca = try WalletTestCA()
        var wallet = ca.wallet()
        wallet.apple.passTypeId = "pass.org.example.wrong"
        let suffix = " (wallet.apple.certificate '\(ca.certificate)'; Apple Wallet refuses a pass whose ids are not its certificate's)"
        #expect(throws: WalletError(.file, "wallet.apple.pass_type_id is 'pass.org.example.wrong' but the certificate is for 'pass.org.example.test'" + suffix)) {
            try Self.apple(wallet)
        }
        wallet.apple.teamId = "WRONG00000"
        #expect(throws: WalletError(.file, "wallet.apple.pass_type_id is 'pass.org.example.wrong' but the certificate is for 'pass.org.example.test'; "
                                    + "wallet.apple.team_id is 'WRONG00000' but the certificate's team is 'TEAM123456'" + suffix)) {
            try Self.apple(wallet)
        }
        // The ids are read from the subject: UID and OU.
        let signer = try PassSigner(certificatePath: ca.certificate, keyPath: ca.key, wwdrPath: ca.wwdr, now: Date())
        #expect(signer.passTypeId == "pass.org.example.test" && signer.teamId == "TEAM123456")
        try Self.apple(ca.wallet())
    }

    @Test func aCertificateFileThatIsNotACertificate() throws {
        let ca = try WalletTestCA()
        var wallet = ca.wallet()
        wallet.apple.wwdrCertificate = ca.key
        #expect(throws: WalletError(.file, "wallet.apple.wwdr_certificate: '\(ca.key)' holds no PEM certificate (convert a .cer with openssl x509 -inform DER -in FILE -out FILE.pem)")) {
            try Self.apple(wallet)
        }
        // The root did not issue the pass certificate: the WWDR named is the wrong one.
        wallet.apple.wwdrCertificate = ca.root
        let error = try #require(throws: WalletError.self) { try Self.apple(wallet) }
        #expect(error.description.hasPrefix("wallet.apple.wwdr_certificate: '\(ca.root)' did not issue the certificate"))
    }

    @Test func aLogoThatIsNotAPNGAndANFCKeyThatIsNotP256() throws {
        let ca = try WalletTestCA()
        var wallet = ca.wallet()
        wallet.logo = ca.root
        #expect(throws: WalletError(.file, "wallet.logo: '\(ca.root)' is not a PNG file")) { try Self.apple(wallet) }
        wallet = ca.wallet()
        wallet.apple.nfcKeyFile = ca.key
        #expect(throws: WalletError(.file, "wallet.apple.nfc_key_file: '\(ca.key)' is not a P-256 private key")) { try Self.apple(wallet) }
    }

    @Test func aServiceAccountFileThatIsNotJSONOrLacksItsKey() throws {
        let ca = try WalletTestCA()
        let look = WalletLook(ca.wallet(), terminalName: "Desk 1", databasePath: "/tmp/m.sqlite")
        var wallet = ca.wallet()
        wallet.google.serviceAccountFile = ca.key
        #expect(throws: WalletError(.file, "wallet.google.service_account_file: '\(ca.key)' is not a JSON object")) {
            try GoogleWalletIssuer(wallet, look: look)
        }
        let lacking = ca.folder.file("lacking.json")
        try #"{"client_email": "a@b.c", "type": "service_account"}"#.write(toFile: lacking, atomically: true, encoding: .utf8)
        wallet.google.serviceAccountFile = lacking
        #expect(throws: WalletError(.file, "wallet.google.service_account_file: '\(lacking)' has no private_key")) {
            try GoogleWalletIssuer(wallet, look: look)
        }
        wallet.google.issuerId = ""
        #expect(throws: WalletError(.setUp, "wallet.google.issuer_id is not set (see docs/wallet.md)")) { try GoogleWalletIssuer(wallet, look: look) }
    }
}
