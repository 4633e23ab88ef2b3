/// The decrypted record bundle: service values (`asv`), each holding the issuer (`i`) and one
/// service object (`ly` loyalty, `gr` generic, `et`, `of`, `gc`, `pl`, `tr`, `fl`) whose `n`
/// record is the pass's `smartTapRedemptionValue` after a format byte: our pass id.
public enum SmartTapServiceObject {
    static let objectTypes = ["ly", "gr", "et", "of", "gc", "pl", "tr", "fl"]

    /// The first service object's redemption value.
    public static func redemptionValue(in plaintext: [UInt8]) throws(WalletReadingError) -> String {
        for value in try SmartTapRecord.parse(plaintext) where value.isNamed("asv") {
            for object in try value.nested() where objectTypes.contains(where: { object.isNamed($0) }) {
                guard let number = try object.nested().first(where: { $0.isNamed("n") }) else { continue }
                guard number.payload.count > 1, let text = String(validating: number.payload.dropFirst(), as: UTF8.self) else {
                    throw .malformedAnswer("the pass's redemption value is empty or not UTF-8")
                }
                return text
            }
        }
        throw .malformedAnswer("the decrypted data holds no service object with a redemption value")
    }
}
