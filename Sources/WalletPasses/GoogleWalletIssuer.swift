import DeskSettings
import Foundation
import MemberKit

/// Makes "Add to Google Wallet" links: `https://pay.google.com/gp/v/save/<JWT>`, the JWT signed
/// here with the service account's key, so a link needs no network. The pass is a generic object
/// (genericObjects, not loyaltyObjects: see docs/wallet.md).
public struct GoogleWalletIssuer: Sendable {
    let account: GoogleServiceAccount
    let issuerId: String
    public let classId: String
    let look: WalletLook

    public init(_ wallet: DeskConfig.Wallet, look: WalletLook) throws {
        if let missing = wallet.missingGoogle.first {
            throw WalletError(.setUp, "\(missing) is not set (see docs/wallet.md)")
        }
        account = try GoogleServiceAccount.load(path: wallet.google.serviceAccountFile)
        issuerId = wallet.google.issuerId
        classId = wallet.googleClassId
        self.look = look
    }

    public static let saveURLPrefix = "https://pay.google.com/gp/v/save/"

    public func saveLink(for member: WalletMember, at time: Date) throws -> String {
        Self.saveURLPrefix + (try jwt(for: member, at: time))
    }

    /// header.claims.signature, each base64url without padding (RFC 7515's compact form).
    public func jwt(for member: WalletMember, at time: Date) throws -> String {
        let header = try Self.json(["alg": "RS256", "typ": "JWT"])
        let claims = try Self.json(GoogleSaveClaims(iss: account.clientEmail, iat: Int(time.timeIntervalSince1970),
                                                    payload: .init(genericObjects: [object(for: member)])))
        let signingInput = Base64URL.encode(header) + "." + Base64URL.encode(claims)
        return signingInput + "." + Base64URL.encode(try account.rs256(Array(signingInput.utf8)))
    }

    /// The member's generic object.
    func object(for member: WalletMember) -> GoogleGenericObject {
        GoogleGenericObject(
            id: "\(issuerId).\(Self.objectSuffix(member.memberId))", classId: classId, state: member.state.rawValue,
            cardTitle: .init(look.organization), header: .init(member.name), subheader: .init("Member"),
            textModulesData: [.init(id: "plan", header: "Plan", body: member.plan),
                              .init(id: "expires", header: "Expires", body: member.expiresAt.map(Self.day) ?? "Never")]
                + (member.hours.map { [.init(id: "hours", header: "Hours", body: $0)] } ?? []),
            barcode: .init(type: "QR_CODE", value: member.passId, alternateText: member.passId),
            smartTapRedemptionValue: member.passId,
            hexBackgroundColor: look.background.hex,
            validTimeInterval: member.expiresAt.map { GoogleGenericObject.ValidTime(end: .init(date: PassJSON.w3c($0))) })
    }

    /// The class to create once in Google's console or API: Smart Tap on, this issuer redeeming.
    /// Needs `issuer_id` only (no key: the class is created with the console's own credentials).
    public static func classJSON(_ wallet: DeskConfig.Wallet) throws -> String {
        guard !wallet.google.issuerId.isEmpty else { throw WalletError(.setUp, "wallet.google.issuer_id is not set (see docs/wallet.md)") }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let generic = GoogleGenericClass(id: wallet.googleClassId, redemptionIssuers: [wallet.google.issuerId])
        return String(decoding: try encoder.encode(generic), as: UTF8.self)
    }

    /// Object ids allow letters, digits, `.`, `_` and `-` after the issuer id; others become `_`.
    static func objectSuffix(_ memberId: String) -> String {
        String(memberId.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "._-".unicodeScalars.contains(scalar)) ? Character(scalar) : "_"
        })
    }

    static func day(_ date: Date) -> String { PassSigner.day(date) }

    static func json<T: Encodable>(_ value: T) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(value))
    }
}
