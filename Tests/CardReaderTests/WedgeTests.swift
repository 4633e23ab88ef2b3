import CardReader
import Testing

struct WedgeLineDecoderTests {
    func lines(_ chunks: [String]) -> [Result<String, WedgeError>] {
        var decoder = WedgeLineDecoder()
        return chunks.flatMap { decoder.feed(Array($0.utf8)) } + decoder.finish()
    }

    @Test func enterEndsAScanWhateverTheLineEnding() {
        let results = lines(["04A2\r\n1|P|x|u\r", "\n0BEE\nlast"])
        #expect(results == [.success("04A2"), .success("1|P|x|u"), .success("0BEE"), .success("last")])
    }

    @Test func burstsSplitAnywhere() {
        #expect(lines(["04", "A2", "3B1C", "\r", "\n"]) == [.success("04A23B1C")])
    }

    @Test func blankLinesAreSkipped() {
        #expect(lines(["\n\r\n  \n"]).isEmpty)
    }

    @Test func overlongAndBinaryLinesAreErrors() {
        var decoder = WedgeLineDecoder()
        let long = decoder.feed([UInt8](repeating: 0x41, count: WedgeLineDecoder.maximumLineBytes + 5) + [0x0A])
        #expect(long == [.failure(.overlong(limit: WedgeLineDecoder.maximumLineBytes))])
        #expect(decoder.feed([0xFF, 0xFE, 0x0A, 0x41, 0x0A]) == [.failure(.notText), .success("A")])
    }
}
