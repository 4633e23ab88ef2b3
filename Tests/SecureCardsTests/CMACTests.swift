import Testing
@testable import SecureCards

private func h(_ text: String) -> [UInt8] { HexBytes.parse(text.replacingOccurrences(of: " ", with: ""))! }

@Suite("AES blocks and CMAC")
struct CMACTests {
    static let key = h("2b7e151628aed2a6abf7158809cf4f3c")
    static let message = h("6bc1bee22e409f96e93d7e117393172a ae2d8a571e03ac9c9eb76fac45af8e51 30c81c46a35ce411e5fbc1191a0a52ef f69f2445df4f9b17ad2b417be66c3710")

    @Test("RFC 4493's four examples", arguments: [
        (0, "bb1d6929e95937287fa37d129b756746"),
        (16, "070a16b46b4d4144f79bdd9dd04a287c"),
        (40, "dfa66747de9ae63030ca32611497c827"),
        (64, "51f0bebf7e3b9d92fc49741779363cfe"),
    ])
    func rfc4493(length: Int, mac: String) throws {
        #expect(try AESBlocks.cmac(Array(Self.message.prefix(length)), key: Self.key) == h(mac))
    }

    @Test("a changed byte changes the MAC")
    func macMovesWithInput() throws {
        var changed = Self.message
        changed[3] ^= 1
        #expect(try AESBlocks.cmac(changed, key: Self.key) != AESBlocks.cmac(Self.message, key: Self.key))
    }

    @Test("FIPS-197's AES-128 block, and CBC both ways")
    func block() throws {
        let key = h("000102030405060708090a0b0c0d0e0f")
        #expect(try AESBlocks.encryptBlock(h("00112233445566778899aabbccddeeff"), key: key) == h("69c4e0d86a7b0430d8cdb78070b4c55a"))
        let data = Array(Self.message.prefix(32))
        let iv = [UInt8](repeating: 7, count: 16)
        #expect(try AESBlocks.cbcDecrypt(AESBlocks.cbcEncrypt(data, key: key, iv: iv), key: key, iv: iv) == data)
    }

    @Test("wrong key and block lengths are errors, not crashes")
    func lengths() {
        #expect(throws: SecureCardError.wrongLength("AES key", expected: 16, got: 15)) { try AESBlocks.cmac([], key: [UInt8](repeating: 0, count: 15)) }
        #expect(throws: SecureCardError.self) { try AESBlocks.cbcDecrypt([1, 2, 3], key: Self.key) }
        #expect(throws: SecureCardError.self) { try AESBlocks.encryptBlock([1], key: Self.key) }
    }

    @Test("truncation keeps the odd bytes; constant-time compare")
    func truncation() {
        #expect(AESBlocks.truncated(Array(0..<16)) == [1, 3, 5, 7, 9, 11, 13, 15])
        #expect(constantTimeEqual([1, 2], [1, 2]))
        #expect(!constantTimeEqual([1, 2], [1, 3]))
        #expect(!constantTimeEqual([1, 2], [1, 2, 3]))
    }
}
