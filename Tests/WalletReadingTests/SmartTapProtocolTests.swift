import Testing
@testable import WalletReading

/// Smart Tap's NDEF records and messages, as the phone's answers and our commands carry them.
@Suite struct SmartTapProtocolTests {
    static let bytes = VASCryptogramTests.bytes

    @Test func kormaxsSelectAndNegotiateAnswersParse() throws {
        // SELECT Smart Tap's answer and NEGOTIATE's answer from kormax's google-smart-tap README.
        let select = try SmartTapProtocol.parseSelect(Self.bytes("00000001dc0321036d646e6d646e0456d2ec8f857f0049aa54f1ca1de2791b5693a7014e6e4565d5644b1c2a305136"))
        #expect(select.minimumVersion == 0 && select.maximumVersion == 1)
        #expect(select.phoneNonce == Self.bytes("56d2ec8f857f0049aa54f1ca1de2791b5693a7014e6e4565d5644b1c2a305136"))
        let negotiated = try SmartTapProtocol.parseNegotiate(Self.bytes("d403376e727394030a7365736b159a80fc8283fd010154032164706b03dfee38dbdb68a607383ad622640b180cc7e27d796b4e788c40e5d994291c71fc"))
        #expect(negotiated.sessionId == Self.bytes("6b159a80fc8283fd") && negotiated.sequence == 1)
        #expect(negotiated.phoneKey == Self.bytes("03dfee38dbdb68a607383ad622640b180cc7e27d796b4e788c40e5d994291c71fc"))
        // kormax's OSE answer names AndroidPay.
        #expect(SmartTapProtocol.isAndroidPay(oseAnswer: Self.bytes("6f1a500a416e64726f6964506179c0020001c108cc00000000008080")))
        #expect(!SmartTapProtocol.isAndroidPay(oseAnswer: BERTLV(tag: 0x6F, value: BERTLV(tag: 0x50, value: Array("ApplePay".utf8)).encoded).encoded))
    }

    @Test func ourCommandsHaveKormaxsLayout() throws {
        // kormax's GET DATA command, with our service list (00: all) and capabilities (stand-alone, pass only).
        let getData = SmartTapProtocol.getData(sessionId: Self.bytes("6b159a80fc8283fd"), sequence: 1, collectorId: 0x0102_0304)
        #expect(Array(getData.prefix(5)) == [0x90, 0x50, 0x00, 0x00, UInt8(getData.count - 6)] && getData.last == 0x00)
        #expect(Array(getData[5..<(getData.count - 1)]) == Self.bytes("d4033b737271000194030a7365736b159a80fc8283fd010114030b6d6572d40305636c640401020304140307736c72d40301737472005403057063720100000001"))
        let negotiate = SmartTapProtocol.negotiate(sessionId: [UInt8](repeating: 1, count: 8), readerNonce: [UInt8](repeating: 2, count: 32),
                                                   readerKey: [0x02] + [UInt8](repeating: 3, count: 32), keyVersion: 1,
                                                   signature: [UInt8](repeating: 4, count: 71), collectorId: 20_180_608)
        let request = try SmartTapRecord.parse(Array(negotiate[5..<(negotiate.count - 1)]))
        #expect(request.count == 1 && request[0].isNamed("ngr") && Array(request[0].payload.prefix(2)) == [0x00, 0x01])
        let inner = try SmartTapRecord.parse(Array(request[0].payload.dropFirst(2)))
        #expect(inner.map { String(decoding: $0.type, as: UTF8.self) } == ["ses", "cpr"])
        #expect(inner[0].payload == [UInt8](repeating: 1, count: 8) + [0x01, 0x01])
        let cpr = inner[1].payload
        #expect(Array(cpr[32...32]) == [0x01] && Array(cpr[66..<70]) == [0, 0, 0, 1])
        let signed = try SmartTapRecord.parse(Array(cpr.dropFirst(70)))
        #expect(signed[0].isNamed("sig") && signed[0].payload == [0x04] + [UInt8](repeating: 4, count: 71))
        #expect(signed[1].isNamed("cld") && signed[1].payload == [0x04, 0x01, 0x33, 0xEE, 0x80])
    }

    @Test func recordsRoundTripShortAndLong() throws {
        let records = [SmartTapRecord("ses", payload: [1, 2, 3]), SmartTapRecord(tnf: 1, type: [0x54], id: [0x6E], payload: [UInt8](repeating: 7, count: 300)),
                       SmartTapRecord("reb", payload: [])]
        #expect(try SmartTapRecord.parse(SmartTapRecord.encode(records)) == records)
    }

    @Test func brokenMessagesAreMalformedNotCrashes() throws {
        let good = SmartTapRecord.encode([SmartTapRecord("srs", payload: SmartTapRecord.encode([SmartTapRecord("reb", payload: [0, 1, 2])]))])
        for count in 0..<good.count {
            #expect(throws: WalletReadingError.self) { try SmartTapProtocol.recordBundle(inGetDataAnswer: Array(good.prefix(count))) }
        }
        #expect(try SmartTapProtocol.recordBundle(inGetDataAnswer: good) == [0, 1, 2])
        // A chunked record, a payload length past the end, a four-byte length near 4 GB.
        for bad: [UInt8] in [[0xB4, 0x01, 0x00, 0x61], [0xD4, 0x03, 0x09, 0x61, 0x62, 0x63], [0xC4, 0x01, 0xFF, 0xFF, 0xFF, 0xF0, 0x61]] {
            #expect(throws: WalletReadingError.self) { try SmartTapRecord.parse(bad) }
        }
        #expect(throws: WalletReadingError.self) { try SmartTapProtocol.parseSelect([0, 0, 0, 1]) }
        // An nrs whose dpk is not a compressed key.
        let nrs = SmartTapRecord.encode([SmartTapRecord("nrs", payload: SmartTapRecord.encode([
            SmartTapRecord("ses", payload: [UInt8](repeating: 0, count: 10)), SmartTapRecord("dpk", payload: [0x04] + [UInt8](repeating: 1, count: 32))]))])
        #expect(throws: WalletReadingError.self) { try SmartTapProtocol.parseNegotiate(nrs) }
    }

    @Test func theRedemptionValueIsFoundInAnyServiceObject() throws {
        func value(_ object: String, _ number: SmartTapRecord) throws -> String {
            try SmartTapServiceObject.redemptionValue(in: SmartTapRecord.encode([SmartTapRecord("asv", payload: SmartTapRecord.encode([
                SmartTapRecord("i", payload: [4, 1, 2, 3, 4, 5]), SmartTapRecord(object, payload: SmartTapRecord.encode([number]))]))]))
        }
        #expect(try value("ly", SmartTapRecord(tnf: 1, type: [0x54], id: [0x6E], payload: [0x00] + Array("ANN-1".utf8))) == "ANN-1")
        #expect(try value("gr", SmartTapRecord("n", payload: [0x01] + Array("BOB-2".utf8))) == "BOB-2")
        #expect(throws: WalletReadingError.self) { try value("ly", SmartTapRecord("n", payload: [0x00])) }
        #expect(throws: WalletReadingError.self) { try value("ly", SmartTapRecord("n", payload: [0x00, 0xFF, 0xFE])) }
        #expect(throws: WalletReadingError.self) { try value("zz", SmartTapRecord("n", payload: [0x00, 0x41])) }
    }
}
