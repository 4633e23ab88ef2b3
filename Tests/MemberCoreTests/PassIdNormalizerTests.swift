import MemberCore
import Testing

@Suite struct PassIdNormalizerTests {
    @Test(arguments: [
        ("04:a2:3b:1c", "04A23B1C"), ("04-A2-3B-1C-55-66-77", "04A23B1C556677"), ("04 a2 3b 1c", "04A23B1C"),
        ("04a23b1c", "04A23B1C"), ("  04A23B1C\n", "04A23B1C"), ("member-42", "member-42"), ("ab", "ab"),
    ])
    func normalizesUIDsAndPlainPasses(raw: String, expected: String) throws {
        #expect(try PassIdNormalizer.normalize(raw).passId == expected)
    }

    @Test func readsClubKitPayload() throws {
        let pass = try PassIdNormalizer.normalize("1|PASS-99|payload|Ann Lee")
        #expect(pass == NormalizedPass(passId: "PASS-99", username: "Ann Lee"))
        #expect(try PassIdNormalizer.normalize("1|PASS-99|x|").username == nil)
    }

    @Test(arguments: ["", "   ", "a|b|c", "a|b|c|d|e", "1||x|y", "ab\u{0}cd", "bad\u{7}", String(repeating: "x", count: 257)])
    func refusesBadInput(raw: String) {
        #expect(throws: DeskError.self) { try PassIdNormalizer.normalize(raw) }
    }

    /// Found by fuzzing: a payload's passId is a credential string, taken verbatim even when it
    /// looks like hex, so it still matches the member list the pass came from.
    @Test func payloadPassIdIsVerbatim() throws {
        #expect(try PassIdNormalizer.normalize("|6666616e|/|").passId == "6666616e")
        #expect(try PassIdNormalizer.normalize("6666616e").passId == "6666616E")
    }

    @Test func mixedSeparatorsAreNotAUID() throws {
        #expect(try PassIdNormalizer.normalize("04:a2-3b:1c").passId == "04:a2-3b:1c")
    }

    @Test func uidBytes() {
        #expect(PassIdNormalizer.uid([0x04, 0xA2, 0x0B, 0xFF]) == "04A20BFF")
    }
}
