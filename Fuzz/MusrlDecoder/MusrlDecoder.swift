import MemberKit

/// Feeds arbitrary bytes to the .musrl decoder: it must return members or throw, never crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let decoder = ExchangeFormat.musrl.decoder(bytes: bytes, name: "fuzz.musrl")
    while let member = try? decoder.next() {
        _ = member.record.displayName
    }
    return 0
}
