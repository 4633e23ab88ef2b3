import CardReader
import Testing

struct APDUTests {
    @Test func successSplitsDataAndStatusWord() throws {
        let response = try APDU.Response([0x04, 0xA2, 0x90, 0x00], command: "GET UID")
        #expect(response.data == [0x04, 0xA2])
        #expect(response.isSuccess)
        #expect(try response.payload(command: "GET UID") == [0x04, 0xA2])
    }

    @Test(arguments: [[UInt8](), [0x90]])
    func shortAnswersAreTruncatedNotCrashes(bytes: [UInt8]) {
        #expect(throws: CardReadError.truncated(command: "GET UID", bytes: bytes.count)) {
            try APDU.Response(bytes, command: "GET UID")
        }
    }

    @Test func errorStatusWordIsTypedAndExplained() throws {
        let response = try APDU.Response([0x6A, 0x81], command: "GET UID")
        #expect(throws: CardReadError.status(command: "GET UID", sw1: 0x6A, sw2: 0x81)) {
            try response.payload(command: "GET UID")
        }
        let message = CardReadError.status(command: "GET UID", sw1: 0x6A, sw2: 0x81).description
        #expect(message == "the card answered 6A 81 to GET UID (function not supported)")
    }

    @Test func commandsAreThePCSCPart3PseudoAPDUs() {
        #expect(APDU.getUID == [0xFF, 0xCA, 0x00, 0x00, 0x00])
        #expect(APDU.readPages(from: 4) == [0xFF, 0xB0, 0x00, 0x04, 0x10])
    }
}

struct ATRTests {
    static let ntag: [UInt8] = [0x3B, 0x8F, 0x80, 0x01, 0x80, 0x4F, 0x0C, 0xA0, 0x00, 0x00, 0x03, 0x06, 0x03, 0x00,
                                0x03, 0x00, 0x00, 0x00, 0x00, 0x68]

    @Test func ntagIsAnISO14443_3AStorageCard() throws {
        let info = try ATRInfo(parsing: Self.ntag)
        #expect(info.kind == .storage(standard: 0x03, name: 0x0003))
        #expect(info.isISO14443_3AStorageCard)
        #expect(info.checksumValid)
        #expect(info.cardName == "MIFARE Ultralight / NTAG21x")
    }

    @Test func mifareClassicIsAStorageCardTooOnlyTheCardTellsWhetherItHoldsNDEF() throws {
        var atr = Self.ntag
        atr[14] = 0x01
        atr[19] = atr[1..<19].reduce(0, ^)
        let info = try ATRInfo(parsing: atr)
        #expect(info.kind == .storage(standard: 0x03, name: 0x0001))
        #expect(info.isISO14443_3AStorageCard)
        #expect(info.cardName == "MIFARE Classic 1K")
    }

    @Test func desfireIsISO14443_4() throws {
        let info = try ATRInfo(parsing: [0x3B, 0x81, 0x80, 0x01, 0x80, 0x80])
        #expect(info.kind == .iso14443_4)
        #expect(!info.isISO14443_3AStorageCard)
        #expect(info.historicalBytes == [0x80])
    }

    /// The card names PC/SC part 3 gives NXP's cards, as pcsc-tools' list spells them.
    @Test(arguments: [
        (UInt16(0x0001), "MIFARE Classic 1K"), (0x0002, "MIFARE Classic 4K"), (0x0003, "MIFARE Ultralight / NTAG21x"),
        (0x0026, "MIFARE Mini"), (0x003A, "MIFARE Ultralight C"), (0x003D, "MIFARE Ultralight EV1"),
        (0x0036, "MIFARE Plus SL1 2K"), (0x0037, "MIFARE Plus SL1 4K"), (0x0038, "MIFARE Plus SL2 2K"),
        (0x0039, "MIFARE Plus SL2 4K"), (0x0014, "ICODE SLI"), (0x0016, "ICODE1"), (0x0022, "ICODE UID"),
        (0x0023, "ICODE EPC"), (0x0035, "ICODE SLI-X (i-Code SL2)"), (0x00F7, "storage card 0x00F7"),
    ])
    func cardNames(name: UInt16, expected: String) throws {
        var atr = Self.ntag
        atr[13] = UInt8(name >> 8)
        atr[14] = UInt8(name & 0xFF)
        atr[19] = atr[1..<19].reduce(0, ^)
        let info = try ATRInfo(parsing: atr)
        #expect(info.checksumValid)
        #expect(info.cardName == expected)
        #expect(info.isISO14443_3AStorageCard)
    }

    @Test func theIssuesUltralightEV1ATRIsNamed() throws {
        let atr: [UInt8] = [0x3B, 0x8F, 0x80, 0x01, 0x80, 0x4F, 0x0C, 0xA0, 0x00, 0x00, 0x03, 0x06, 0x03, 0x00, 0x3D,
                            0x00, 0x00, 0x00, 0x00, 0x56]
        let info = try ATRInfo(parsing: atr)
        #expect(info.checksumValid)
        #expect(info.cardName == "MIFARE Ultralight EV1")
        #expect(info.isISO14443_3AStorageCard)
    }

    @Test func aStorageCardOfAnotherStandardIsNotAskedForNDEF() throws {
        var atr = Self.ntag
        atr[12] = 0x11  // FeliCa's standard byte
        atr[19] = atr[1..<19].reduce(0, ^)
        #expect(try !ATRInfo(parsing: atr).isISO14443_3AStorageCard)
    }

    @Test func contactCardWithoutTCKIsOther() throws {
        let info = try ATRInfo(parsing: [0x3B, 0x02, 0x14, 0x50])
        #expect(info.kind == .other)
        #expect(info.checksumValid)
    }

    @Test func badChecksumIsReportedNotFatal() throws {
        var atr = Self.ntag
        atr[19] ^= 0xFF
        #expect(try !ATRInfo(parsing: atr).checksumValid)
    }

    @Test(arguments: [
        ([], ATRError.tooShort(0)),
        ([0x3B], .tooShort(1)),
        ([0x12, 0x00], .badInitialByte(0x12)),
        ([0x3B, 0xF0, 0x11], .truncated(3)),          // TA TB TC TD promised, one given
        ([0x3B, 0x85, 0x80, 0x01, 0x80], .truncated(5)), // five historical bytes promised
        ([0x3B, 0x81, 0x80, 0x01, 0x80], .truncated(5)), // TCK missing
        ([0x3B, 0x80] + [UInt8](repeating: 0x80, count: 12), .tooManyInterfaceBytes),
    ] as [([UInt8], ATRError)])
    func badATRsAreTypedErrors(atr: [UInt8], error: ATRError) {
        #expect(throws: error) { try ATRInfo(parsing: atr) }
    }
}
