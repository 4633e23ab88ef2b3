import Crypto
import Foundation
import MemberDeskTestSupport
import Testing
@testable import WalletPasses

/// The P-256 key files: written 0600 and never over an old one, read back in both PEM forms.
@Suite struct WalletKeysTests {
    @Test func aWrittenKeyIsModeSixHundredAndReadsBack() throws {
        let folder = try TemporaryDirectory()
        let pair = WalletKeyPair.generate()
        try pair.writePrivateKey(to: folder.file("k.pem"))
        var info = stat()
        #expect(stat(folder.file("k.pem"), &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        let back = try WalletKeyPair.load(path: folder.file("k.pem"), key: "wallet.apple.nfc_key_file")
        #expect(back.publicKey.rawRepresentation == pair.publicKey.rawRepresentation)
        #expect(throws: WalletError(.io, "cannot write '\(folder.file("k.pem"))': it exists (a key in use is never replaced)")) {
            try WalletKeyPair.generate().writePrivateKey(to: folder.file("k.pem"))
        }
        // openssl reads the file as the same key.
        let openssl = try WalletTestCA.shell("openssl pkey -in k.pem -pubout", in: folder.path).output
        #expect(openssl == pair.googlePublicKeyPEM + "\n" || openssl == pair.googlePublicKeyPEM)
    }

    @Test func anOpenSSLSEC1KeyReads() throws {
        let ca = try WalletTestCA()
        #expect(try String(contentsOfFile: ca.nfcKey, encoding: .utf8).contains("BEGIN EC PRIVATE KEY"))
        _ = try WalletKeyPair.load(path: ca.nfcKey, key: "wallet.apple.nfc_key_file")
        _ = try WalletKeyPair.load(path: ca.smartTapKey, key: "wallet.google.smart_tap_key_file")
    }

    @Test func theAppleFormIsACompressedSPKI() throws {
        let pair = WalletKeyPair.generate()
        let der = try #require(Data(base64Encoded: pair.appleEncryptionPublicKey))
        #expect(der.count == 59)
        #expect([0x02, 0x03].contains(der[26]))
        #expect(try WalletKeyPair.publicKey(appleEncryptionPublicKey: pair.appleEncryptionPublicKey).rawRepresentation
                == pair.publicKey.rawRepresentation)
    }
}
