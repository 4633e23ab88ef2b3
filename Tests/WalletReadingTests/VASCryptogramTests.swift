import Crypto
import Foundation
import Testing
@testable import WalletReading

/// The published vector: PassKit's NFC demo reader key (proxmark3's client/resources/vas.passkit.der,
/// here as PEM) and the cryptogram of kormax's apple-vas trace (examples/traces/VASONLY.READ.log).
@Suite struct VASCryptogramTests {
    static let passKitDemoKey = """
        -----BEGIN EC PRIVATE KEY-----
        MHcCAQEEID0VR/I814rQUqWIYPEhno+3kexN/jN2n1ub+mJ6ZWyhoAoGCCqGSM49
        AwEHoUQDQgAEwKMBv29ByaSLiGF0FctuyB+Hs2oZ1kDIYhTVllPexNGudAlm8IWO
        H0e+Exc97/zBdawu7Yl+XytQONszGzAK7w==
        -----END EC PRIVATE KEY-----
        """
    static let passType = "pass.com.passkit.pksamples.nfcdemo"
    static let cryptogram = bytes("c0b77375d3f37956d84a538f28ac2a04b38ddc1a67d3647a4dd30abd736ea1cea8038388692e89db99e4746d872de782395640c536e79a75c47a9343da0af3937f06eeca7a865c4ad05a2c543ad2")

    static func bytes(_ hex: String) -> [UInt8] {
        var out: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            out.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return out
    }

    static var key: P256.KeyAgreement.PrivateKey { try! ReaderKey.keyAgreement(pem: passKitDemoKey, file: "demo") }

    @Test func thePublishedCryptogramDecryptsToItsPassAndTime() throws {
        let pass = try VASCryptogram.open(Self.cryptogram, passTypeId: Self.passType, keys: [Self.key])
        #expect(pass.message == "6d1UlFpnOc50iVKRaboDOK")
        let utc = ISO8601DateFormatter().string(from: pass.time)
        #expect(utc == "2023-07-09T16:35:58Z")
    }

    @Test func theKeyIdIsTheFirstFourBytesOfTheHashOfX() {
        #expect(VASCryptogram.keyId(of: Self.key.publicKey) == [0xC0, 0xB7, 0x73, 0x75])
    }

    @Test func theKeyIsPickedByItsIdAmongOthers() throws {
        let other = P256.KeyAgreement.PrivateKey()
        let pass = try VASCryptogram.open(Self.cryptogram, passTypeId: Self.passType, keys: [other, Self.key])
        #expect(pass.message == "6d1UlFpnOc50iVKRaboDOK")
        #expect(throws: WalletReadingError.unknownKeyId([0xC0, 0xB7, 0x73, 0x75])) {
            try VASCryptogram.open(Self.cryptogram, passTypeId: Self.passType, keys: [other])
        }
    }

    @Test func anotherPassTypeOrOneChangedByteFailsTheTag() {
        #expect(throws: WalletReadingError.authenticationFailed("the cryptogram's AES-GCM tag")) {
            try VASCryptogram.open(Self.cryptogram, passTypeId: "pass.org.example.other", keys: [Self.key])
        }
        for index in [40, Self.cryptogram.count - 1] {
            var changed = Self.cryptogram
            changed[index] ^= 0x01
            #expect(throws: WalletReadingError.authenticationFailed("the cryptogram's AES-GCM tag")) {
                try VASCryptogram.open(changed, passTypeId: Self.passType, keys: [Self.key])
            }
        }
    }

    @Test func aShortCryptogramOrAKeyOffTheCurveIsMalformed() {
        #expect(throws: WalletReadingError.self) {
            try VASCryptogram.open(Array(Self.cryptogram.prefix(50)), passTypeId: Self.passType, keys: [Self.key])
        }
        var offCurve = Self.cryptogram
        offCurve.replaceSubrange(4..<36, with: [UInt8](repeating: 0xFF, count: 32))
        #expect(throws: WalletReadingError.malformedAnswer("the phone's key in the cryptogram is not a point on P-256")) {
            try VASCryptogram.open(offCurve, passTypeId: Self.passType, keys: [Self.key])
        }
    }

    @Test func theTraceSelectAnswerAndRequestParse() throws {
        let select = try VASProtocol.parseSelect(Self.bytes("6f1d50084170706c655061799f210201009f2404e9caede39f23040000003e"))
        #expect(select.version == [0x01, 0x00])
        #expect(select.mobileNonce == [0xE9, 0xCA, 0xED, 0xE3])
        let answer = Self.bytes("70549f2a009f274e") + Self.cryptogram
        #expect(try VASProtocol.cryptogram(inGetDataAnswer: answer) == Self.cryptogram)
        #expect(VASProtocol.passTypeIdHash(Self.passType) == Self.bytes("03b57cdb3eca0984ba9abdc2fb45d86626d87b39d33c5c6dbbc313a6347a3146"))
        let request = VASProtocol.getData(passTypeId: Self.passType, nonce: [1, 2, 3, 4], last: true)
        #expect(Array(request.prefix(4)) == [0x80, 0xCA, 0x01, 0x01])
        let tlv = try BERTLV.parse(Array(request.dropFirst(5).dropLast()))
        #expect(tlv.map(\.tag) == [0x9F22, 0x9F28, 0x9F26, 0x9F25])
        #expect(tlv[3].value == VASProtocol.passTypeIdHash(Self.passType))
    }

    @Test func aSelectAnswerWithoutApplePayIsRefused() {
        #expect(throws: WalletReadingError.self) {
            try VASProtocol.parseSelect(Self.bytes("6f0e50084170706c655061789f21020100"))
        }
        #expect(throws: WalletReadingError.self) {
            try VASProtocol.parseSelect(Self.bytes("6f0a50084170706c65506179"))
        }
    }
}
