import CardReader

/// A tag's memory as the card would serve it, for the page-by-page reader.
final class FuzzedTag: CardChannel {
    let reader = "fuzz"
    let memory: [UInt8]
    init(_ memory: [UInt8]) { self.memory = memory }

    func transmit(_ command: [UInt8]) throws -> [UInt8] {
        if command == APDU.getUID { return [0x04, 0x01, 0x02, 0x03, 0x90, 0x00] }
        let start = Int(command[3]) * 4
        guard start < memory.count else { return [0x6B, 0x00] }
        return Array(memory[start..<min(memory.count, start + 16)]) + [0x90, 0x00]
    }

    func disconnect() {}
}

let ntagATR: [UInt8] = [0x3B, 0x8F, 0x80, 0x01, 0x80, 0x4F, 0x0C, 0xA0, 0x00, 0x00, 0x03, 0x06, 0x03, 0x00,
                        0x03, 0x00, 0x00, 0x00, 0x00, 0x68]

/// Any bytes as a Type 2 tag's data area, as a TLV value and as tag memory: the NDEF/TLV
/// parsers and the page reader must answer or throw, never crash or read past the data.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for areaSize in [bytes.count, max(0, bytes.count - 3), bytes.count + 16] {
        if case .message(let value)? = try? NDEFTLV.scan(bytes, areaSize: areaSize) {
            precondition(value.count <= areaSize, "NDEF value longer than the area")
        }
    }
    if let message = try? NDEFMessage(parsing: bytes) {
        precondition(!message.records.isEmpty)
        for record in message.records {
            _ = try? record.text()
            _ = try? record.uri()
        }
        _ = CardRead(uid: [1, 2, 3, 4], message: message).credential
    }
    // As a whole tag: pages 0-2, then whatever the fuzzer made of the CC and data area.
    let memory = [UInt8](repeating: 0, count: 12) + bytes
    if let read = try? CardReading.read(FuzzedTag(memory), atr: ntagATR) {
        precondition(read.uid == [0x04, 0x01, 0x02, 0x03])
    }
    return 0
}
