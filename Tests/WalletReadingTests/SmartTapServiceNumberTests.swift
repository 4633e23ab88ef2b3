import Testing
import WalletReading

/// A Smart Tap service number (the `n` record of a service object) in both forms Google allows:
/// RTD_TEXT, laid out as NFC Forum RTD-Text 1.0 says (status byte: bit 7 UTF-16, bits 5–0 the
/// language code's length; the code; the text), and PRIMITIVE (a format byte, then the value).
@Suite struct SmartTapServiceNumberTests {
    static func redemptionValue(_ number: SmartTapRecord) throws -> String {
        try SmartTapServiceObject.redemptionValue(in: SmartTapRecord.encode([SmartTapRecord("asv", payload: SmartTapRecord.encode([
            SmartTapRecord("i", payload: [4, 1, 2, 3, 4, 5]), SmartTapRecord("ly", payload: SmartTapRecord.encode([number]))]))]))
    }

    static func text(_ payload: [UInt8]) -> SmartTapRecord { SmartTapRecord(tnf: 1, type: [0x54], id: [0x6E], payload: payload) }

    @Test func aTextRecordsLanguageCodeIsSkippedByItsLength() throws {
        // 02 "en" "GPHONE-ANN": two bytes of language code, then the text (it read "enGPHONE-ANN").
        #expect(try Self.redemptionValue(Self.text([0x02, 0x65, 0x6E] + Array("GPHONE-ANN".utf8))) == "GPHONE-ANN")
        #expect(try Self.redemptionValue(Self.text([0x05] + Array("en-GB".utf8) + Array("GPHONE-BOB".utf8))) == "GPHONE-BOB")
        // No language code at all (status 00).
        #expect(try Self.redemptionValue(Self.text([0x00] + Array("ANN-1".utf8))) == "ANN-1")
        // Bit 7: UTF-16, big-endian without a byte order mark, as the byte order mark says with one.
        #expect(try Self.redemptionValue(Self.text([0x82, 0x65, 0x6E, 0x00, 0x41, 0x00, 0x2D, 0x00, 0x31])) == "A-1")
        #expect(try Self.redemptionValue(Self.text([0x82, 0x65, 0x6E, 0xFF, 0xFE, 0x41, 0x00, 0x2D, 0x00, 0x31, 0x00])) == "A-1")
    }

    @Test func aPrimitiveNumberIsItsFormatByteThenTheValue() throws {
        #expect(try Self.redemptionValue(SmartTapRecord("n", payload: [0x00] + Array("GPHONE-CY".utf8))) == "GPHONE-CY")
        #expect(try Self.redemptionValue(SmartTapRecord("n", payload: [0x01] + Array("GPHONE-DI".utf8))) == "GPHONE-DI")
        #expect(try Self.redemptionValue(SmartTapRecord("n", payload: [0x02] + Array("Zoë-7".utf8))) == "Zoë-7")
        #expect(try Self.redemptionValue(SmartTapRecord("n", payload: [0x03, 0x00, 0x45, 0x00, 0x2D, 0x00, 0x35])) == "E-5")
    }

    @Test func aBadNumberIsMalformedNotAGuess() {
        let bad: [(SmartTapRecord, String)] = [
            (Self.text([]), "the pass's redemption value (a Text record): empty payload"),
            (Self.text([0x05, 0x65, 0x6E]), "the pass's redemption value (a Text record): language code runs past the payload"),
            (Self.text([0x02, 0x65, 0x6E, 0xC3]), "the pass's redemption value (a Text record): text is not valid UTF-8"),
            (Self.text([0x82, 0x65, 0x6E, 0x00]), "the pass's redemption value (a Text record): text is not valid UTF-16"),
            (Self.text([0x02, 0x65, 0x6E]), "the pass's redemption value is empty"),
            (SmartTapRecord("n", payload: []), "the pass's redemption value is empty"),
            (SmartTapRecord("n", payload: [0x00]), "the pass's redemption value is empty"),
            (SmartTapRecord("n", payload: [0x01, 0xC3, 0xA9]), "the pass's redemption value is not valid in its format 01"),
            (SmartTapRecord("n", payload: [0x04, 0x41]), "the pass's redemption value is in format 04, not text"),
        ]
        for (record, message) in bad {
            #expect(throws: WalletReadingError.malformedAnswer(message)) { try Self.redemptionValue(record) }
        }
    }
}
