import CardReader
import MemberKit
import SecureCards

/// A Type 4 tag serving the fuzzer's bytes: the first 15 as its capability container, the rest
/// as its NDEF file (NLEN, message), through the same SELECT / READ BINARY exchange a desk runs.
final class FuzzedType4Tag: CardChannel {
    let reader = "fuzz"
    let cc: [UInt8]
    let file: [UInt8]
    var selected: [UInt8] = []
    init(_ bytes: [UInt8]) {
        cc = Array(bytes.prefix(15))
        file = Array(bytes.dropFirst(15))
    }

    func transmit(_ command: [UInt8]) throws -> [UInt8] {
        if command == APDU.getUID { return [0x04, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x90, 0x00] }
        if command.starts(with: [0x00, 0xA4, 0x04]) { return [0x90, 0x00] }
        if command.starts(with: [0x00, 0xA4, 0x00]) {
            selected = Array(command.dropFirst(5))
            return selected == [0xE1, 0x03] || selected == [0xE1, 0x04] ? [0x90, 0x00] : [0x6A, 0x82]
        }
        guard command.starts(with: [0x00, 0xB0]), command.count == 5 else { return [0x6D, 0x00] }
        let data = selected == [0xE1, 0x03] ? cc : file
        let offset = Int(command[2]) << 8 | Int(command[3])
        guard offset <= data.count else { return [0x6B, 0x00] }
        return Array(data[offset..<min(data.count, offset + Int(command[4]))]) + [0x90, 0x00]
    }

    func disconnect() {}
}

let zeroKeys = SUNVerifier(keys: .master([UInt8](repeating: 0, count: 16)))

/// Any bytes as a SUN URL, as a Type 4 tag and as another desk's sun-counters.json: each parser
/// answers or throws, never crashes; a verified read names a 7-byte UID and a 24-bit counter.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let text = String(decoding: bytes, as: UTF8.self)
    _ = SUNMessage.isSUN(url: text)
    if let message = try? SUNMessage(url: text) {
        precondition(message.piccData.count == 16 && message.mac.count == 8)
        if let read = try? zeroKeys.verify(message) { precondition(read.uid.count == 7 && read.counter <= 0xFF_FFFF) }
    }
    _ = try? SUNTemplate(url: text)
    _ = SDMFileSettings(parsing: bytes)
    if let read = try? CardReading.read(FuzzedType4Tag(bytes), atr: [0x3B, 0x81, 0x80, 0x01, 0x80, 0x80],
                                        applications: [Type4NDEFReader(verifier: zeroKeys)]) {
        _ = read.credential
        if let secure = read.secure { precondition(secure.uid.utf8.count == 14) }
    }
    if let entries = try? SecureCounterFile.parse(bytes, from: "T1", path: "fuzz") {
        for entry in entries { precondition(entry.recent.allSatisfy { $0 <= entry.counter }) }
    }
    return 0
}
