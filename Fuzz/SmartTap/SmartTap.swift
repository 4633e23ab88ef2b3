import Crypto
import _CryptoExtras
import WalletReading

let keys = SmartTapSession.Keys(encryption: SymmetricKey(data: [UInt8](repeating: 0x11, count: 16)),
                                authentication: SymmetricKey(data: [UInt8](repeating: 0x22, count: 32)))

/// Any bytes as a Smart Tap phone's answers: NDEF messages, a Text payload, the SELECT, NEGOTIATE and GET DATA
/// answers, a record bundle as is, and the bytes as a decrypted bundle (sealed here with the
/// fixed keys, so the HMAC passes and the service objects are reached). Each answers or throws.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let records = try? SmartTapRecord.parse(bytes) {
        precondition(records.allSatisfy { $0.payload.count + $0.type.count + $0.id.count <= bytes.count }, "a record longer than the input")
        precondition((try? SmartTapRecord.parse(SmartTapRecord.encode(records))) == records, "a parsed message does not round-trip")
    }
    _ = SmartTapProtocol.isAndroidPay(oseAnswer: bytes)
    _ = try? SmartTapProtocol.parseSelect(bytes)
    _ = try? SmartTapProtocol.parseNegotiate(bytes)
    _ = try? SmartTapProtocol.recordBundle(inGetDataAnswer: bytes)
    _ = try? SmartTapServiceObject.redemptionValue(in: bytes)
    // The bytes as a Text payload (a service number's RTD_TEXT form): UTF-8 text is exactly the bytes after the language code.
    if let read = try? NFCTextPayload.decode(bytes), bytes[0] & 0x80 == 0 {
        precondition(Array(read.text.utf8) == Array(bytes.dropFirst(1 + Int(bytes[0] & 0x3F))), "a UTF-8 Text payload's text is not its bytes")
    }
    _ = try? SmartTapSession.open(recordBundle: bytes, keys: keys)
    // Sealed as a phone would: flag 00 ‖ IV ‖ CTR ciphertext ‖ HMAC.
    let iv = [UInt8](repeating: 0x33, count: 12)
    if let ciphertext = try? AES._CTR.encrypt(bytes, using: keys.encryption, nonce: AES._CTR.Nonce(nonceBytes: iv)) {
        let body = iv + Array(ciphertext)
        let sealed = [0x00] + body + Array(HMAC<SHA256>.authenticationCode(for: body, using: keys.authentication))
        let opened = try? SmartTapSession.open(recordBundle: sealed, keys: keys)
        precondition(opened == bytes, "a sealed bundle does not open to its plaintext")
        _ = try? SmartTapServiceObject.redemptionValue(in: opened ?? [])
    }
    return 0
}
