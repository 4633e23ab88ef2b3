import DeskSettings
import Foundation
import MemberKit

/// Apple's pass.json for a member's store card (Wallet Developer Guide, "Pass"). Encodable, so
/// every value is escaped by JSONEncoder; keys sorted so the same member gives the same bytes.
struct PassJSON: Encodable {
    struct Field: Encodable {
        var key: String
        var label: String
        var value: String
        var dateStyle: String? = nil
        var timeStyle: String? = nil
    }

    struct Fields: Encodable {
        var primaryFields: [Field]
        var secondaryFields: [Field]
        var backFields: [Field]
    }

    struct Barcode: Encodable {
        var format = "PKBarcodeFormatQR"
        var message: String
        var messageEncoding: String
        var altText: String
    }

    struct Beacon: Encodable {
        var proximityUUID: String
        var major: UInt16?
        var minor: UInt16?
        var relevantText: String?
    }

    struct NFC: Encodable {
        var message: String
        var encryptionPublicKey: String
        var requiresAuthentication = false
    }

    var formatVersion = 1
    var passTypeIdentifier: String
    var teamIdentifier: String
    var serialNumber: String
    var organizationName: String
    var description: String
    var logoText: String
    var foregroundColor: String
    var backgroundColor: String
    var labelColor: String
    var storeCard: Fields
    var barcodes: [Barcode]
    var expirationDate: String?
    var voided: Bool?
    var beacons: [Beacon]?
    var nfc: NFC?
    /// The pass web service (`[wallet.service] url`) and this pass's own token for it; both nil
    /// without a service URL. The content digest is taken with the token nil (`ApplePassIssuer.contentDigest`).
    var webServiceURL: String?
    var authenticationToken: String?

    /// NFC's message is at most 64 bytes (Apple's limit for VAS).
    static let nfcMessageLimit = 64

    struct Issuer {
        var passTypeId: String
        var teamId: String
        var look: WalletLook
        var beacon: WalletBeacon?
        var relevantText: String
        /// `nfc.encryptionPublicKey`; nil: barcode-only passes.
        var nfcPublicKey: String?
        /// `webServiceURL`; nil: passes are not updated.
        var webServiceURL: String?
    }

    init(_ member: WalletMember, _ issuer: Issuer, authenticationToken: String? = nil) throws {
        if issuer.nfcPublicKey != nil, member.passId.utf8.count > Self.nfcMessageLimit {
            throw WalletError(.member, "member \(member.memberId): pass id is \(member.passId.utf8.count) bytes, "
                + "more than NFC's \(Self.nfcMessageLimit) (give a shorter pass, or empty wallet.apple.nfc_key_file)")
        }
        passTypeIdentifier = issuer.passTypeId
        teamIdentifier = issuer.teamId
        serialNumber = member.memberId
        organizationName = issuer.look.organization
        description = issuer.look.description
        logoText = issuer.look.organization
        foregroundColor = issuer.look.foreground.css
        backgroundColor = issuer.look.background.css
        labelColor = issuer.look.label.css
        let expiry = member.expiresAt.map(Self.w3c)
        storeCard = Fields(
            primaryFields: [Field(key: "name", label: "Member", value: member.name)],
            secondaryFields: [
                Field(key: "plan", label: "Plan", value: member.plan),
                expiry.map { Field(key: "expires", label: "Expires", value: $0, dateStyle: "PKDateStyleMedium", timeStyle: "PKDateStyleNone") }
                    ?? Field(key: "expires", label: "Expires", value: "Never"),
            ] + (member.hours.map { [Field(key: "hours", label: "Hours", value: $0)] } ?? []),
            backFields: [Field(key: "member", label: "Member id", value: member.memberId),
                         Field(key: "pass", label: "Pass", value: member.passId)])
        // Wallet decodes the QR message as this encoding; Latin-1 is what 2D scanners expect.
        let latin1 = member.passId.unicodeScalars.allSatisfy { $0.value < 256 }
        barcodes = [Barcode(message: member.passId, messageEncoding: latin1 ? "iso-8859-1" : "utf-8", altText: member.passId)]
        expirationDate = expiry
        voided = member.state == .inactive ? true : nil
        beacons = issuer.beacon.map {
            [Beacon(proximityUUID: $0.proximityUUID.uuidString, major: $0.major, minor: $0.minor,
                    relevantText: issuer.relevantText.isEmpty ? nil : issuer.relevantText)]
        }
        nfc = issuer.nfcPublicKey.map { NFC(message: member.passId, encryptionPublicKey: $0) }
        webServiceURL = issuer.webServiceURL
        self.authenticationToken = issuer.webServiceURL == nil ? nil : authenticationToken
    }

    func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(self))
    }

    /// W3C (ISO 8601) in UTC, as pass.json's dates are written.
    static func w3c(_ date: Date) -> String {
        ISO8601Formatters.string(from: date)
    }
}
