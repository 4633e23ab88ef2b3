import CardReader

/// Any bytes as an ATR: parse or throw, never crash; historical bytes lie inside the ATR.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let info = try? ATRInfo(parsing: bytes) {
        precondition(info.historicalBytes.count <= bytes.count)
        _ = info.cardName
        _ = info.isISO14443_3AStorageCard
    }
    _ = try? APDU.Response(bytes, command: "fuzz").payload(command: "fuzz")
    return 0
}
