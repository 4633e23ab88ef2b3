/// An NFC Forum Text record's payload (RTD-Text 1.0): a status byte (bit 7 set: UTF-16, else
/// UTF-8; bit 6 reserved; bits 5–0 the length of the IANA language code), the language code,
/// then the text. A card's Text pass and a Smart Tap service number both arrive in this form.
public enum NFCTextPayload {
    /// Why a Text payload could not be read, for the caller's own error.
    public struct Failure: Error, Sendable, Equatable {
        public let reason: String
    }

    /// The language code and the text.
    public static func decode(_ payload: [UInt8]) throws(Failure) -> (language: String, text: String) {
        guard let status = payload.first else { throw Failure(reason: "empty payload") }
        let languageLength = Int(status & 0x3F)
        guard payload.count >= 1 + languageLength else { throw Failure(reason: "language code runs past the payload") }
        let language = String(decoding: payload[1..<(1 + languageLength)], as: UTF8.self)
        let body = Array(payload[(1 + languageLength)...])
        let isUTF16 = status & 0x80 != 0
        guard let text = isUTF16 ? utf16(body) : String(validating: body, as: UTF8.self) else {
            throw Failure(reason: "text is not valid \(isUTF16 ? "UTF-16" : "UTF-8")")
        }
        return (language, text)
    }

    /// UTF-16 as RTD-Text says: a byte order mark when there is one, else big-endian.
    public static func utf16(_ bytes: [UInt8]) -> String? {
        guard bytes.count % 2 == 0 else { return nil }
        var units = stride(from: 0, to: bytes.count, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
        var bigEndian = true
        if units.first == 0xFFFE { bigEndian = false; units.removeFirst() } else if units.first == 0xFEFF { units.removeFirst() }
        if !bigEndian { units = units.map(\.byteSwapped) }
        var text = ""
        var iterator = units.makeIterator()
        var decoder = UTF16()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): text.unicodeScalars.append(scalar)
            case .emptyInput: return text
            case .error: return nil
            }
        }
    }
}
