import Foundation

/// The save link's claims (Google Wallet API, "JWT resource"): `typ` savetowallet, `aud` google.
struct GoogleSaveClaims: Encodable {
    struct Payload: Encodable {
        var genericObjects: [GoogleGenericObject]
    }

    var iss: String
    var aud = "google"
    var typ = "savetowallet"
    var iat: Int
    var origins: [String] = []
    var payload: Payload
}

/// A generic pass object (Google Wallet API, "GenericObject").
struct GoogleGenericObject: Encodable, Equatable {
    struct LocalizedString: Encodable, Equatable {
        struct Value: Encodable, Equatable {
            var language = "en-US"
            var value: String
        }

        var defaultValue: Value
        init(_ text: String) { defaultValue = Value(value: text) }
    }

    struct TextModule: Encodable, Equatable {
        var id: String
        var header: String
        var body: String
    }

    struct Barcode: Encodable, Equatable {
        var type: String
        var value: String
        var alternateText: String
    }

    struct ValidTime: Encodable, Equatable {
        struct DateTime: Encodable, Equatable { var date: String }
        var end: DateTime
    }

    var id: String
    var classId: String
    var state: String
    var cardTitle: LocalizedString
    var header: LocalizedString
    var subheader: LocalizedString
    var textModulesData: [TextModule]
    var barcode: Barcode
    var smartTapRedemptionValue: String
    var hexBackgroundColor: String
    var validTimeInterval: ValidTime?
}

/// The generic class the objects belong to, with Smart Tap on.
struct GoogleGenericClass: Encodable {
    var id: String
    var enableSmartTap = true
    var redemptionIssuers: [String]
    var multipleDevicesAndHoldersAllowedStatus = "ONE_USER_ALL_DEVICES"
}

/// base64url without padding (RFC 4648 §5), as JWTs use it.
enum Base64URL {
    static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
