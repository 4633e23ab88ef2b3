import CardReader
import MemberDeskTestSupport
import Testing

struct NDEFTLVTests {
    @Test func findsTheNDEFTLVAfterNullAndLockTLVs() throws {
        let area: [UInt8] = [0x00, 0x01, 0x03, 0xA0, 0x0C, 0x34, 0x03, 0x02, 0xD0, 0x00, 0xFE]
        #expect(try NDEFTLV.scan(area, areaSize: 496) == .message([0xD0, 0x00]))
    }

    @Test func threeByteLengthForm() throws {
        let value = [UInt8](repeating: 0x41, count: 300)
        let area: [UInt8] = [0x03, 0xFF, 0x01, 0x2C] + value + [0xFE]
        #expect(try NDEFTLV.scan(area, areaSize: 496) == .message(value))
    }

    @Test func asksForMoreUntilTheTLVIsWhole() throws {
        let area: [UInt8] = [0x03, 0x20, 0xD1, 0x01]
        #expect(try NDEFTLV.scan(area, areaSize: 496) == .needMore)
        #expect(try NDEFTLV.scan([0x03], areaSize: 496) == .needMore)
        #expect(try NDEFTLV.scan([0x03, 0xFF, 0x01], areaSize: 496) == .needMore)
    }

    @Test func terminatorOrEmptyNDEFMeansNoMessage() throws {
        #expect(try NDEFTLV.scan([0xFE, 0x03, 0x01, 0x00], areaSize: 496) == .noMessage)
        #expect(try NDEFTLV.scan([0x03, 0x00, 0xFE], areaSize: 496) == .noMessage)
        #expect(try NDEFTLV.scan([0x00, 0x00], areaSize: 2) == .noMessage)
    }

    @Test func lengthPastTheTagIsAnError() {
        #expect(throws: NDEFError.tlvTooLong(length: 0x1000, available: 12)) {
            try NDEFTLV.scan([0x03, 0xFF, 0x10, 0x00], areaSize: 16)
        }
        #expect(throws: NDEFError.truncatedTLV(offset: 2)) { try NDEFTLV.scan([0x00, 0x00, 0x03], areaSize: 3) }
    }
}

struct NDEFMessageTests {
    /// The TLV value of the virtual card's Text record, so the encoder in TestSupport and the
    /// parser here are checked against each other (they were written independently).
    func message(_ text: String) throws -> NDEFMessage {
        let tlv = VirtualCard.ndefTextTLV(text)
        guard case .message(let bytes) = try NDEFTLV.scan(tlv, areaSize: tlv.count) else {
            Issue.record("no message")
            return NDEFMessage(records: [])
        }
        return try NDEFMessage(parsing: bytes)
    }

    @Test(arguments: ["1|PASS-1|x|ann", "", "ünïcödé ✓", String(repeating: "long ", count: 80)])
    func textRecordsRoundTrip(text: String) throws {
        let parsed = try message(text)
        #expect(parsed.records.count == 1)
        #expect(try parsed.records[0].text().text == text)
        #expect(try parsed.records[0].text().language == "en")
    }

    @Test func uriRecordExpandsItsPrefix() throws {
        let message = try NDEFMessage(parsing: [0xD1, 0x01, 0x0D, 0x55, 0x04] + Array("club.example".utf8))
        #expect(message.uris == ["https://club.example"])
    }

    @Test func utf16TextRecord() throws {
        let body: [UInt8] = [0xFE, 0xFF, 0x00, 0x68, 0x00, 0x69]
        let payload: [UInt8] = [0x82, 0x65, 0x6E] + body
        let message = try NDEFMessage(parsing: [0xD1, 0x01, UInt8(payload.count), 0x54] + payload)
        #expect(message.texts == ["hi"])
    }

    @Test func severalRecordsAndIDs() throws {
        let first: [UInt8] = [0x99, 0x01, 0x02, 0x01, 0x54, 0x07, 0x00, 0x61]  // MB, SR, IL
        let second: [UInt8] = [0x51, 0x01, 0x02, 0x55, 0x00, 0x78]               // ME, SR
        let message = try NDEFMessage(parsing: first + second)
        #expect(message.records.count == 2)
        #expect(message.records[0].id == [0x07])
        #expect(message.texts == ["a"])
        #expect(message.uris == ["x"])
    }

    @Test(arguments: [
        ([], NDEFError.emptyMessage),
        ([0xD1], .truncatedRecord(offset: 0)),
        ([0xD1, 0x01, 0x05, 0x54, 0x02], .truncatedRecord(offset: 0)),
        ([0xC1, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0x54], .truncatedRecord(offset: 0)),
        ([0xF1, 0x01, 0x00, 0x54], .chunkedRecord(offset: 0)),
    ] as [([UInt8], NDEFError)])
    func badMessagesAreTypedErrors(bytes: [UInt8], error: NDEFError) {
        #expect(throws: error) { try NDEFMessage(parsing: bytes) }
    }

    @Test func badTextAndURIPayloadsAreErrorsNotCrashes() throws {
        let badLanguage = NDEFRecord(tnf: .wellKnown, type: [0x54], payload: [0x3F, 0x65])
        #expect(throws: NDEFError.self) { try badLanguage.text() }
        let badUTF8 = NDEFRecord(tnf: .wellKnown, type: [0x54], payload: [0x00, 0xFF, 0xFE])
        #expect(throws: NDEFError.self) { try badUTF8.text() }
        let oddUTF16 = NDEFRecord(tnf: .wellKnown, type: [0x54], payload: [0x80, 0x00])
        #expect(throws: NDEFError.self) { try oddUTF16.text() }
        let badPrefix = NDEFRecord(tnf: .wellKnown, type: [0x55], payload: [0x40, 0x61])
        #expect(throws: NDEFError.self) { try badPrefix.uri() }
        #expect(throws: NDEFError.self) { try NDEFRecord(tnf: .wellKnown, type: [0x55], payload: []).uri() }
    }

    @Test func clubKitPayloadIsTheCredentialElseTheUID() throws {
        let uid: [UInt8] = [0x04, 0x11, 0x22, 0x33]
        let pass = CardRead(uid: uid, message: try message("3|PASS-9|data|bob"))
        #expect(pass.passPayload == "3|PASS-9|data|bob")
        #expect(pass.credential == "3|PASS-9|data|bob")
        let plain = CardRead(uid: uid, message: try message("see you at the club"))
        #expect(plain.passPayload == nil)
        #expect(plain.credential == "04112233")
        let emptyPass = CardRead(uid: uid, message: try message("3||data|bob"))
        #expect(emptyPass.credential == "04112233")
    }
}
