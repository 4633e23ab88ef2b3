import DeskSettings
import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing
@testable import WalletPasses

/// The save link's JWT: its RS256 signature checked by openssl with the service account's
/// public key, its claims and object as Google's API wants them.
@Suite struct GoogleSaveLinkTests {
    static func issuer(_ ca: WalletTestCA) throws -> GoogleWalletIssuer {
        try GoogleWalletIssuer(ca.wallet(), look: WalletLook(ca.wallet(), terminalName: "Desk 1", databasePath: "/tmp/m.sqlite"))
    }

    static func base64URLDecode(_ text: Substring) -> Data {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)!
    }

    /// openssl's answer to the JWT's signature over "header.claims".
    static func opensslVerifies(_ jwt: String, publicKey: String, in folder: TemporaryDirectory) throws -> Bool {
        let parts = jwt.split(separator: ".")
        try Data("\(parts[0]).\(parts[1])".utf8).write(to: URL(fileURLWithPath: folder.file("input")))
        try base64URLDecode(parts[2]).write(to: URL(fileURLWithPath: folder.file("sig")))
        return try WalletTestCA.shell("openssl dgst -sha256 -verify '\(publicKey)' -signature sig input", in: folder.path, check: false).status == 0
    }

    @Test func theJWTsSignatureVerifiesWithOpenSSL() throws {
        let ca = try WalletTestCA()
        let link = try Self.issuer(ca).saveLink(for: ApplePassTests.ana, at: ApplePassTests.now)
        #expect(link.hasPrefix("https://pay.google.com/gp/v/save/"))
        let jwt = String(link.dropFirst("https://pay.google.com/gp/v/save/".count))
        #expect(try Self.opensslVerifies(jwt, publicKey: ca.serviceAccountPublicKey, in: ca.folder))
        // One character of the claims changed and the signature no longer holds.
        var parts = jwt.split(separator: ".").map(String.init)
        let claims = Self.base64URLDecode(Substring(parts[1]))
        parts[1] = Base64URL.encode(Array(String(decoding: claims, as: UTF8.self).replacingOccurrences(of: "ACTIVE", with: "ACTIVF").utf8))
        #expect(try !Self.opensslVerifies(parts.joined(separator: "."), publicKey: ca.serviceAccountPublicKey, in: ca.folder))
    }

    @Test func theClaimsAndTheObject() throws {
        let ca = try WalletTestCA()
        let jwt = try Self.issuer(ca).jwt(for: ApplePassTests.ana, at: ApplePassTests.now)
        let parts = jwt.split(separator: ".")
        let header = try JSONSerialization.jsonObject(with: Self.base64URLDecode(parts[0])) as! [String: Any]
        #expect(header["alg"] as? String == "RS256")
        let claims = try JSONSerialization.jsonObject(with: Self.base64URLDecode(parts[1])) as! [String: Any]
        #expect(claims["iss"] as? String == WalletTestCA.clientEmail)
        #expect(claims["aud"] as? String == "google")
        #expect(claims["typ"] as? String == "savetowallet")
        #expect(claims["iat"] as? Int == 1_800_000_000)
        #expect((claims["origins"] as? [Any])?.isEmpty == true)
        let objects = try #require((claims["payload"] as? [String: Any])?["genericObjects"] as? [[String: Any]])
        #expect(objects.count == 1)
        let object = objects[0]
        #expect(object["id"] as? String == "3388000000012345678.6F1C2B9A-0000-4000-8000-000000000001")
        #expect(object["classId"] as? String == "3388000000012345678.memberdesk")
        #expect(object["state"] as? String == "ACTIVE")
        #expect(((object["header"] as? [String: Any])?["defaultValue"] as? [String: Any])?["value"] as? String == "Ana López")
        let barcode = try #require(object["barcode"] as? [String: Any])
        #expect(barcode["type"] as? String == "QR_CODE")
        #expect(barcode["value"] as? String == "04A1B2C3")
        #expect(object["smartTapRedemptionValue"] as? String == "04A1B2C3")
        #expect(((object["validTimeInterval"] as? [String: Any])?["end"] as? [String: Any])?["date"] as? String == "2027-12-28T13:20:00Z")
    }

    @Test func anExpiredOrSuspendedMembersState() throws {
        let ca = try WalletTestCA()
        var member = ApplePassTests.ana
        member.state = .expired
        #expect(try Self.issuer(ca).object(for: member).state == "EXPIRED")
        member.state = .inactive
        #expect(try Self.issuer(ca).object(for: member).state == "INACTIVE")
    }

    @Test func theClassHasSmartTapOnAndTheIssuerRedeeming() throws {
        var wallet = DeskConfig.Wallet()
        wallet.google.issuerId = "3388000000012345678"
        let json = try JSONSerialization.jsonObject(with: Data(try GoogleWalletIssuer.classJSON(wallet).utf8)) as! [String: Any]
        #expect(json["id"] as? String == "3388000000012345678.memberdesk")
        #expect(json["enableSmartTap"] as? Bool == true)
        #expect(json["redemptionIssuers"] as? [String] == ["3388000000012345678"])
    }

    @Test func theMembersStateFollowsItsRecord() {
        let now = Date(timeIntervalSince1970: 2_000_000)
        var record = MemberRecord(memberId: "M1", passId: "P1", username: "Bo", timeStampAdded: 0, expiresAt: 1_000_000, modifiedAt: 0, modifiedBy: "t")
        #expect(WalletMember(record, standing: nil, now: now).state == .expired)
        record.expiresAt = nil
        #expect(WalletMember(record, standing: nil, now: now).state == .active)
        record.status = .suspended
        #expect(WalletMember(record, standing: nil, now: now).state == .inactive)
        record.status = .active
        record.deletedAt = 5
        #expect(WalletMember(record, standing: nil, now: now).state == .inactive)
    }
}
