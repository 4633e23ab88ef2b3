import Testing
@testable import WalletReading

@Suite struct BERTLVTests {
    @Test func nestedAndMultiByteTagsAndLongLengths() throws {
        let long = [UInt8](repeating: 7, count: 300)
        let bytes = BERTLV(tag: 0x70, value: BERTLV(tag: 0x9F27, value: long).encoded + BERTLV(tag: 0x5F2D, value: [1]).encoded).encoded
        let top = try BERTLV.parse(bytes)
        #expect(top.count == 1 && top[0].isConstructed)
        #expect(try BERTLV.find(0x9F27, in: top)?.value == long)
        #expect(try BERTLV.find(0x5F2D, in: top)?.value == [1])
        #expect(try BERTLV.find(0x9F28, in: top) == nil)
        #expect(try BERTLV.parse([0x00, 0x9F, 0x81, 0x01, 0x01, 0xAA, 0xFF]) == [BERTLV(tag: 0x9F8101, value: [0xAA])])
    }

    @Test func cutOffOrLyingInputIsAnErrorNeverACrash() {
        let bad: [[UInt8]] = [
            [0x9F], [0x9F, 0x81], [0x9F, 0x81, 0x81, 0x01], [0x50], [0x50, 0x05, 1, 2],
            [0x50, 0x84, 0, 0, 0, 1], [0x50, 0x82, 0x01], [0x70, 0x03, 0x50, 0x05, 0x01],
        ]
        for input in bad {
            #expect(throws: WalletReadingError.self) {
                let elements = try BERTLV.parse(input)
                _ = try BERTLV.find(0x9F27, in: elements)
            }
        }
    }
}
