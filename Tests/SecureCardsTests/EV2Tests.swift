import Testing
@testable import SecureCards

private func h(_ text: String) -> [UInt8] { HexBytes.parse(text)! }

@Suite("EV2 secure messaging")
struct EV2Tests {
    static let key = h("00112233445566778899AABBCCDDEEFF")

    /// Host and tag through authentication and two Full-mode commands.
    @Test("authentication and Full-mode commands agree at both ends; a flipped bit is caught")
    func roundTrip() throws {
        let rndA = h("13C5DB8A5930439FC3DEF9A4C675360F"), rndB = h("B9E2FC789B64BF237CCCAA20EC7E6E48")
        let challenge = try AESBlocks.cbcEncrypt(rndB, key: Self.key)
        let (part2, gotB) = try EV2Authentication.answer(challenge: challenge, key: Self.key, rndA: rndA)
        #expect(gotB == rndB)
        // The tag's side: it finds RndA and RndB' in part 2 and answers TI ‖ RndA' ‖ caps.
        let plain = try AESBlocks.cbcDecrypt(part2, key: Self.key)
        #expect(Array(plain[16...]) == EV2Authentication.rotate(rndB))
        let ti = h("9D00C4DF")
        let answer = try AESBlocks.cbcEncrypt(ti + EV2Authentication.rotate(rndA) + [UInt8](repeating: 0, count: 12), key: Self.key)
        var host = try EV2Authentication.finish(answer, key: Self.key, rndA: rndA, rndB: rndB)
        var tag = try EV2Session(key: Self.key, rndA: rndA, rndB: rndB, transactionId: ti)
        #expect(host == tag)
        #expect(throws: SecureCardError.self) { try EV2Authentication.finish(answer, key: Self.key, rndA: rndB, rndB: rndB) }

        for data in [[UInt8](repeating: 0x42, count: 17), Array(0..<15)] {
            let body = try host.sealCommand(0xC4, header: [0x01], data: data)
            let opened = try tag.openCommand(0xC4, body: body, headerLength: 1)
            #expect(opened.header == [0x01] && opened.data == data)
            var tampered = body
            tampered[3] ^= 0x01
            #expect(throws: SecureCardError.macMismatch) { try tag.openCommand(0xC4, body: tampered, headerLength: 1) }
            let response = try tag.sealResponse([0xAB, 0xCD])
            #expect(try host.openResponse(response, code: 0x00) == [0xAB, 0xCD])
        }
        #expect(host.commandCounter == 2 && tag.commandCounter == 2)
        // A response replayed from an earlier counter does not verify.
        let stale = try tag.sealResponse([])
        _ = try host.openResponse(stale, code: 0x00)
        #expect(throws: SecureCardError.self) { try host.openResponse(stale, code: 0x00) }
    }

    @Test("NXP's CRC32 and ChangeKey's data")
    func changeKey() {
        #expect(NTAG424Commands.jamCRC32(Array("123456789".utf8)) == 0x340B_C6D9)
        let new = [UInt8](repeating: 0x11, count: 16), old = [UInt8](repeating: 0x01, count: 16)
        let data = NTAG424Commands.changeKeyData(newKey: new, oldKey: old, version: 1, isAuthenticationKey: false)
        #expect(data.count == 21 && data.prefix(16).allSatisfy { $0 == 0x10 } && data[16] == 1)
        #expect(NTAG424Commands.changeKeyData(newKey: new, oldKey: old, version: 1, isAuthenticationKey: true) == new + [1])
    }

    @Test("the URL template's NDEF file and where the tag mirrors into it")
    func template() throws {
        let url = "https://club.example/c?picc_data=00000000000000000000000000000000&cmac=0000000000000000"
        let template = try SUNTemplate(url: url)
        #expect(template.file.prefix(6) == [0x00, UInt8(template.file.count - 2), 0xD1, 0x01, UInt8(template.file.count - 6), 0x55])
        #expect(template.file[6] == 0x04)
        let text = String(decoding: template.file, as: UTF8.self)
        let picc = template.settings.piccDataOffset, mac = template.settings.macOffset
        #expect(String(decoding: template.file[(picc - 10)..<picc], as: UTF8.self) == "picc_data=")
        #expect(String(decoding: template.file[(mac - 5)..<mac], as: UTF8.self) == "cmac=")
        #expect(template.settings.macInputOffset == mac && text.hasSuffix("0000000000000000"))
        #expect(SDMFileSettings(parsing: template.settings.bytes) == template.settings)
        #expect(throws: SecureCardError.missingParameter("picc_data")) { try SUNTemplate(url: "https://club.example/c?cmac=0000000000000000") }
    }
}
