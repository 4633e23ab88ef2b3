/// The decrypted record bundle: service values (`asv`), each holding the issuer (`i`) and one
/// service object (`ly` loyalty, `gr` generic, `et`, `of`, `gc`, `pl`, `tr`, `fl`) whose `n`
/// record, the service number, is the pass's `smartTapRedemptionValue`: our pass id.
public enum SmartTapServiceObject {
    static let objectTypes = ["ly", "gr", "et", "of", "gc", "pl", "tr", "fl"]

    /// The first service object's redemption value.
    public static func redemptionValue(in plaintext: [UInt8]) throws(WalletReadingError) -> String {
        for value in try SmartTapRecord.parse(plaintext) where value.isNamed("asv") {
            for object in try value.nested() where objectTypes.contains(where: { object.isNamed($0) }) {
                guard let number = try object.nested().first(where: { $0.isNamed("n") }) else { continue }
                let text = try serviceNumber(number)
                guard !text.isEmpty else { throw .malformedAnswer("the pass's redemption value is empty") }
                return text
            }
        }
        throw .malformedAnswer("the decrypted data holds no service object with a redemption value")
    }

    /// Smart Tap sends a service number in one of two forms: RTD_TEXT, a well-known `T` record
    /// (named `n` by its id) whose payload is an NFC Forum Text payload, or PRIMITIVE, a format
    /// byte (00 unspecified, 01 ASCII, 02 UTF-8, 03 UTF-16, 04 binary, 05 BCD) and the value.
    static func serviceNumber(_ record: SmartTapRecord) throws(WalletReadingError) -> String {
        if record.tnf == 1, record.type == [0x54] {
            do {
                return try NFCTextPayload.decode(record.payload).text
            } catch {
                throw .malformedAnswer("the pass's redemption value (a Text record): \(error.reason)")
            }
        }
        guard let format = record.payload.first else { throw .malformedAnswer("the pass's redemption value is empty") }
        let value = Array(record.payload.dropFirst())
        let text: String?
        switch format {
        case 0x00, 0x02: text = String(validating: value, as: UTF8.self)
        case 0x01: text = value.allSatisfy { $0 < 0x80 } ? String(validating: value, as: UTF8.self) : nil
        case 0x03: text = NFCTextPayload.utf16(value)
        default: throw .malformedAnswer("the pass's redemption value is in format \(walletHex([format])), not text")
        }
        guard let text else { throw .malformedAnswer("the pass's redemption value is not valid in its format \(walletHex([format]))") }
        return text
    }
}
