import Crypto
import WalletReading

let key = P256.KeyAgreement.PrivateKey()
let setup = VASSetup(passTypeIds: ["pass.org.example"], keys: [key])
let keyId = VASCryptogram.keyId(of: key.publicKey)

/// Any bytes as a phone's answers: BER-TLV, the VAS SELECT answer, GET VAS DATA's answer and its
/// cryptogram (as is, and behind our key id so decryption is reached). Each answers or throws, never crashes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let elements = try? BERTLV.parse(bytes) {
        precondition(elements.allSatisfy { $0.value.count <= bytes.count }, "a value longer than the input")
        _ = try? BERTLV.find(0x9F27, in: elements)
    }
    _ = try? VASProtocol.parseSelect(bytes)
    _ = try? VASProtocol.cryptogram(inGetDataAnswer: bytes)
    _ = try? setup.open(bytes, passTypeId: "pass.org.example")
    _ = try? setup.open(keyId + bytes, passTypeId: "pass.org.example")
    return 0
}
