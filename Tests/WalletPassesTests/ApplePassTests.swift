import Crypto
import DeskSettings
import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing
@testable import WalletPasses

/// A member's .pkpass, made with a test CA (root → "WWDR" → pass certificate) and checked with
/// unzip, sha1sum and openssl: what Wallet checks before it shows a pass.
@Suite struct ApplePassTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let ana = WalletMember(memberId: "6F1C2B9A-0000-4000-8000-000000000001", passId: "04A1B2C3", name: "Ana López",
                                  email: "ana@example.com", plan: "Pack · 7 visits left",
                                  expiresAt: Date(timeIntervalSince1970: 1_830_000_000), state: .active)

    static func issuer(_ ca: WalletTestCA, _ wallet: DeskConfig.Wallet? = nil, now: Date = Date()) throws -> ApplePassIssuer {
        let wallet = wallet ?? ca.wallet()
        return try ApplePassIssuer(wallet, look: WalletLook(wallet, terminalName: "Desk 1", databasePath: "/tmp/x/members.sqlite"), now: now)
    }

    @Test func thePassUnzipsWithEveryHashRightAndASignatureOpenSSLAccepts() throws {
        let ca = try WalletTestCA()
        let pass = try PKPassCheck(try Self.issuer(ca).pkpass(for: Self.ana, at: Date()))
        #expect(try pass.names() == ["icon.png", "icon@2x.png", "manifest.json", "pass.json", "signature"])
        #expect(try pass.manifestMatches())
        let verified = try pass.signatureVerifies(root: ca.root)
        #expect(verified.ok, "\(verified.output)")
        // The WWDR certificate travels in the signature, and the signing time is signed.
        let printed = try WalletTestCA.shell("openssl cms -cmsout -print -inform DER -in out/signature", in: pass.folder.path).output
        #expect(printed.contains("Test WWDR"))
        #expect(printed.contains("signingTime"))
        // Trusting another root, the same signature fails: the check can fail.
        let other = try WalletTestCA()
        #expect(try !pass.signatureVerifies(root: other.root).ok)
    }

    @Test func oneByteOfPassJSONChangedAndThePassIsNoLongerValid() throws {
        let ca = try WalletTestCA()
        let pass = try PKPassCheck(try Self.issuer(ca).pkpass(for: Self.ana, at: Date()))
        #expect(try pass.valid(root: ca.root))
        try pass.flipByte("pass.json")
        #expect(try !pass.manifestMatches())
        #expect(try !pass.valid(root: ca.root))
    }

    @Test func oneByteOfTheManifestChangedAndTheSignatureFails() throws {
        let ca = try WalletTestCA()
        let pass = try PKPassCheck(try Self.issuer(ca).pkpass(for: Self.ana, at: Date()))
        try pass.flipByte("manifest.json", at: 3)
        #expect(try !pass.signatureVerifies(root: ca.root).ok)
    }

    @Test func passJSONHasTheMembersFields() throws {
        let ca = try WalletTestCA()
        var wallet = ca.wallet()
        wallet.apple.beacon = "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0:7:42"
        wallet.apple.relevantText = "Welcome to Harbour Climbing"
        wallet.background = "rgb(1, 2, 3)"
        let pass = try PKPassCheck(try Self.issuer(ca, wallet).pkpass(for: Self.ana, at: Date()))
        let json = try pass.json("pass.json")
        #expect(json["formatVersion"] as? Int == 1)
        #expect(json["passTypeIdentifier"] as? String == "pass.org.example.test")
        #expect(json["teamIdentifier"] as? String == "TEAM123456")
        #expect(json["serialNumber"] as? String == Self.ana.memberId)
        #expect(json["organizationName"] as? String == "Harbour Climbing")
        #expect(json["description"] as? String == "Harbour Climbing membership")
        #expect(json["backgroundColor"] as? String == "rgb(1, 2, 3)")
        #expect(json["foregroundColor"] as? String == "rgb(255, 255, 255)")
        #expect(json["labelColor"] as? String == "rgb(233, 196, 106)")
        #expect(json["expirationDate"] as? String == "2027-12-28T13:20:00Z")
        #expect(json["voided"] == nil)
        let card = try #require(json["storeCard"] as? [String: Any])
        let fields = ((card["primaryFields"] as? [[String: Any]]) ?? []) + ((card["secondaryFields"] as? [[String: Any]]) ?? [])
        #expect(fields.map { $0["value"] as? String } == ["Ana López", "Pack · 7 visits left", "2027-12-28T13:20:00Z"])
        let barcodes = try #require(json["barcodes"] as? [[String: Any]])
        #expect(barcodes.count == 1)
        #expect(barcodes[0]["format"] as? String == "PKBarcodeFormatQR")
        #expect(barcodes[0]["message"] as? String == "04A1B2C3")
        let beacons = try #require(json["beacons"] as? [[String: Any]])
        #expect(beacons[0]["proximityUUID"] as? String == "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0")
        #expect(beacons[0]["major"] as? Int == 7)
        #expect(beacons[0]["minor"] as? Int == 42)
        #expect(beacons[0]["relevantText"] as? String == "Welcome to Harbour Climbing")
        let nfc = try #require(json["nfc"] as? [String: Any])
        #expect(nfc["message"] as? String == "04A1B2C3")
        #expect(nfc["requiresAuthentication"] as? Bool == false)
    }

    /// The key in the pass is the NFC key file's public half, as openssl writes it compressed.
    @Test func nfcEncryptionPublicKeyIsThePublicHalfOfTheKeyFile() throws {
        let ca = try WalletTestCA()
        let pass = try PKPassCheck(try Self.issuer(ca).pkpass(for: Self.ana, at: Date()))
        let key = try #require((try pass.json("pass.json")["nfc"] as? [String: Any])?["encryptionPublicKey"] as? String)
        let openssl = try WalletTestCA.shell("openssl ec -in '\(ca.nfcKey)' -pubout -conv_form compressed -outform DER 2>/dev/null | base64 -w0",
                                             in: ca.folder.path).output
        #expect(key == openssl)
        #expect(Data(base64Encoded: key)?.count == 59)
        // And it decodes back to the same point (the reading side's check).
        let pem = try String(contentsOfFile: ca.nfcKey, encoding: .utf8)
        let decoded = try WalletKeyPair.publicKey(appleEncryptionPublicKey: key)
        #expect(decoded.rawRepresentation == (try P256.KeyAgreement.PrivateKey(pemRepresentation: pem)).publicKey.rawRepresentation)
    }

    @Test func aSuspendedMembersPassIsVoidedAndABarcodeOnlyPassHasNoNFC() throws {
        let ca = try WalletTestCA()
        var suspended = Self.ana
        suspended.state = .inactive
        let json = try JSONSerialization.jsonObject(with: Data(try Self.issuer(ca, ca.wallet(nfc: false)).passJSON(for: suspended))) as! [String: Any]
        #expect(json["voided"] as? Bool == true)
        #expect(json["nfc"] == nil)
        #expect(json["beacons"] == nil)
    }

    @Test func aPassIdLongerThanNFCsSixtyFourBytesIsRefusedOnlyWithNFC() throws {
        let ca = try WalletTestCA()
        var long = Self.ana
        long.passId = String(repeating: "A", count: 65)
        #expect(throws: WalletError(.member, "member \(long.memberId): pass id is 65 bytes, more than NFC's 64 "
                                    + "(give a shorter pass, or empty wallet.apple.nfc_key_file)")) {
            try Self.issuer(ca).pkpass(for: long, at: Date())
        }
        long.passId = String(repeating: "A", count: 64)
        _ = try Self.issuer(ca).pkpass(for: long, at: Date())
        long.passId = String(repeating: "A", count: 200)
        _ = try Self.issuer(ca, ca.wallet(nfc: false)).pkpass(for: long, at: Date())
    }

    @Test func theFileNameKeepsOnlySafeCharacters() {
        var member = Self.ana
        member.memberId = "../etc/passwd"
        #expect(ApplePassIssuer.fileName(for: member) == "_.._etc_passwd.pkpass")
        member.memberId = "A-1_b.c"
        #expect(ApplePassIssuer.fileName(for: member) == "A-1_b.c.pkpass")
    }
}
