import Testing
@testable import SecureCards

private func h(_ text: String) -> [UInt8] { HexBytes.parse(text)! }

@Suite("SUN messages")
struct SUNVerifierTests {
    static let zero = [UInt8](repeating: 0, count: 16)
    static let an12196 = "https://choose.url.com/ntag424?picc_data=EF963FF7828658A599F3041510671E88&cmac=94EED9EE65337086"

    @Test("AN12196's example with the factory keys: UID 04DE5F1EACC040, counter 61")
    func an12196() throws {
        let read = try SUNVerifier(keys: .fixed(metaRead: Self.zero, fileRead: Self.zero)).verify(url: Self.an12196)
        #expect(read == SUNRead(uid: h("04DE5F1EACC040"), counter: 61))
        #expect(read.passId == "SUN:04DE5F1EACC040")
        // A zero master key derives zero keys, so the same URL verifies under it.
        #expect(try SUNVerifier(keys: .master(Self.zero)).verify(url: Self.an12196) == read)
    }

    @Test("a MAC off by one bit, another key, a wrong tag byte: refused")
    func forgeries() throws {
        let verifier = SUNVerifier(keys: .fixed(metaRead: Self.zero, fileRead: Self.zero))
        #expect(throws: SecureCardError.macMismatch) {
            try verifier.verify(url: Self.an12196.replacingOccurrences(of: "cmac=94", with: "cmac=95"))
        }
        var other = Self.zero
        other[0] = 1
        #expect(throws: SecureCardError.macMismatch) {
            try SUNVerifier(keys: .fixed(metaRead: Self.zero, fileRead: other)).verify(url: Self.an12196)
        }
        // Another meta key decrypts to noise: the tag byte gives it away.
        #expect(throws: SecureCardError.self) { try SUNVerifier(keys: .fixed(metaRead: other, fileRead: Self.zero)).verify(url: Self.an12196) }
        let wrongTag = try AESBlocks.cbcEncrypt([0xC6] + [UInt8](repeating: 1, count: 15), key: Self.zero)
        #expect(throws: SecureCardError.wrongTag(0xC6)) {
            try verifier.verify(SUNMessage(piccData: wrongTag, mac: [UInt8](repeating: 0, count: 8)))
        }
    }

    @Test("bad parameters are named", arguments: [
        ("https://x/c?cmac=94EED9EE65337086", SecureCardError.missingParameter("picc_data")),
        ("https://x/c", SecureCardError.missingParameter("picc_data")),
        ("https://x/c?picc_data=EF963FF7828658A599F3041510671E&cmac=94EED9EE65337086", SecureCardError.wrongLength("picc_data", expected: 16, got: 15)),
        ("https://x/c?picc_data=EF963FF7828658A599F3041510671EZZ&cmac=94EED9EE65337086", SecureCardError.notHex("picc_data")),
        ("https://x/c?picc_data=EF963FF7828658A599F3041510671E88&cmac=94EED9EE6533708", SecureCardError.wrongLength("cmac", expected: 8, got: 7)),
        ("https://x/c?picc_data=EF963FF7828658A599F3041510671E88", SecureCardError.missingParameter("cmac")),
    ])
    func badParameters(url: String, error: SecureCardError) {
        #expect(throws: error) { try SUNMessage(url: url) }
    }

    @Test("parameter names are the club's; a fragment is not part of the query")
    func names() throws {
        let names = SUNMessage.ParameterNames(piccData: "e", mac: "m")
        let url = "https://x/c?e=EF963FF7828658A599F3041510671E88&m=94EED9EE65337086#top"
        #expect(SUNMessage.isSUN(url: url, names: names))
        #expect(!SUNMessage.isSUN(url: url))
        #expect(try SUNVerifier(keys: .master(Self.zero), names: names).verify(url: url).counter == 61)
    }

    @Test("what the verifier accepts round-trips through encryption, at any counter")
    func roundTrip() throws {
        let master = h("C9EB67DF090AFF47C3B19A2516680B9D")
        let keys = SUNKeys.master(master)
        let uid = h("04112233445566")
        for counter: UInt32 in [0, 1, 255, 256, 0xFFFFFF] {
            let picc = try SUNVerifier.encryptPICCData(uid: uid, counter: counter, metaReadKey: keys.metaReadKey(), random: [9, 8, 7, 6, 5])
            let mac = try SUNVerifier.sdmMAC(uid: uid, counter: counter, fileReadKey: keys.fileReadKey(uid: uid))
            let read = try SUNVerifier(keys: keys).verify(SUNMessage(piccData: picc, mac: mac))
            #expect(read == SUNRead(uid: uid, counter: counter))
        }
    }

    @Test("key files: 32 hex characters, a trailing newline allowed")
    func keyFiles() throws {
        #expect(try SUNKeys.parseKeyFile(Array("C9EB67DF090AFF47C3B19A2516680B9D\n".utf8), path: "k") == h("C9EB67DF090AFF47C3B19A2516680B9D"))
        #expect(throws: SecureCardError.self) { try SUNKeys.parseKeyFile(Array("C9EB67DF090AFF47C3B19A2516680B9\n".utf8), path: "k") }
        #expect(throws: SecureCardError.self) { try SUNKeys.parseKeyFile(Array("X9EB67DF090AFF47C3B19A2516680B9D".utf8), path: "k") }
        #expect(throws: SecureCardError.self) { try SUNKeys.parseKeyFile(Array("C9EB67DF090AFF47C3B19A2516680B9D\n\n".utf8), path: "k") }
    }
}
