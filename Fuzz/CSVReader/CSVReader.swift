import MemberKit

/// Feeds arbitrary bytes to the RFC 4180 reader through both CSV layouts (.mucsv and the
/// spreadsheet .csv): members or an error, never a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for format in [ExchangeFormat.mucsv, .csv] {
        let decoder = format.decoder(bytes: bytes, name: "fuzz.\(format.rawValue)")
        while let member = try? decoder.next() {
            _ = member.record.displayName
        }
    }
    return 0
}
