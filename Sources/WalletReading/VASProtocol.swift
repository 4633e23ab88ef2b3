import Crypto
import Foundation

/// Apple's Value Added Services (VAS) as a reader speaks it: the two commands and what their
/// answers mean. Described publicly by the proxmark3 project (`cmdhfvas.c`) and kormax's
/// `apple-vas`; Apple publishes no specification.
public enum VASProtocol {
    /// `OSE.VAS.01`
    public static let applicationId: [UInt8] = Array("OSE.VAS.01".utf8)

    /// SELECT by name of the VAS application.
    public static let select: [UInt8] = [0x00, 0xA4, 0x04, 0x00, UInt8(applicationId.count)] + applicationId + [0x00]

    /// What a phone's answer to SELECT says: it is Apple Pay, and which VAS version it speaks.
    public struct SelectAnswer: Sendable, Equatable {
        public var version: [UInt8]
        public var mobileNonce: [UInt8]?
        public var capabilities: [UInt8]?
    }

    /// Reads the SELECT answer (its data, status word removed). A phone that does not name
    /// `ApplePay` in tag 50 or gives no version in 9F21 is not one we read.
    public static func parseSelect(_ data: [UInt8]) throws(WalletReadingError) -> SelectAnswer {
        let elements = try BERTLV.parse(data)
        guard let label = try BERTLV.find(0x50, in: elements), label.value == Array("ApplePay".utf8) else {
            throw .malformedAnswer("SELECT OSE.VAS.01: no ApplePay label (tag 50)")
        }
        guard let version = try BERTLV.find(0x9F21, in: elements), version.value.count == 2, version.value[0] == 0x01 else {
            throw .malformedAnswer("SELECT OSE.VAS.01: no VAS version 1.x (tag 9F21)")
        }
        return SelectAnswer(version: version.value,
                            mobileNonce: try BERTLV.find(0x9F24, in: elements)?.value,
                            capabilities: try BERTLV.find(0x9F23, in: elements)?.value)
    }

    /// GET VAS DATA for one pass type: protocol version 01 00, the SHA-256 of the pass type id,
    /// a fresh 4-byte terminal nonce, and the terminal's capabilities (00 80 00 02, VAS only, as
    /// kormax's trace; bit 8 of the last byte set on every request but the last, so the phone
    /// waits for the next pass type id).
    public static func getData(passTypeId: String, nonce: [UInt8], last: Bool) -> [UInt8] {
        let body = BERTLV(tag: 0x9F22, value: [0x01, 0x00]).encoded
            + BERTLV(tag: 0x9F28, value: nonce).encoded
            + BERTLV(tag: 0x9F26, value: [0x00, 0x80, 0x00, last ? 0x02 : 0x82]).encoded
            + BERTLV(tag: 0x9F25, value: passTypeIdHash(passTypeId)).encoded
        return [0x80, 0xCA, 0x01, 0x01, UInt8(body.count)] + body + [0x00]
    }

    public static func passTypeIdHash(_ passTypeId: String) -> [UInt8] { Array(SHA256.hash(data: Array(passTypeId.utf8))) }

    /// The cryptogram (tag 9F27) in GET VAS DATA's answer (data, status word removed).
    public static func cryptogram(inGetDataAnswer data: [UInt8]) throws(WalletReadingError) -> [UInt8] {
        guard let found = try BERTLV.find(0x9F27, in: BERTLV.parse(data)) else {
            throw .malformedAnswer("GET VAS DATA: no cryptogram (tag 9F27)")
        }
        return found.value
    }

    /// What a GET VAS DATA status word other than 90 00 means.
    public enum Refusal: Sendable, Equatable {
        /// 6A 83: the phone holds no pass of this type.
        case noPass
        /// 62 87 or 69 84: the member must confirm on the phone (or the phone is locked).
        case confirmOnPhone
        case other(UInt8, UInt8)

        public init(sw1: UInt8, sw2: UInt8) {
            switch (sw1, sw2) {
            case (0x6A, 0x83): self = .noPass
            case (0x62, 0x87), (0x69, 0x84): self = .confirmOnPhone
            default: self = .other(sw1, sw2)
            }
        }
    }
}
