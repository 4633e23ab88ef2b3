import MemberKit

/// Feeds arbitrary bytes to the .musrl decoder, which also reads the sync folder's snapshots and
/// changes files (members and tallies alike, per-field stamps of formats 2 and 3, with the desk
/// table format 3 keeps across a file's members): it must return entries or throw, never crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let decoder = ExchangeFormat.musrl.decoder(bytes: bytes, name: "fuzz.musrl")
    while let member = try? decoder.next() {
        _ = member.record.displayName
        _ = member.record.stamps.map { $0.edited.count }  // per-field stamps
        // A tally's counters and events are what a merge reads of it.
        if member.isTally { _ = member.counters.values.reduce(0, &+) + member.events.count + member.packCounters.count }
    }
    return 0
}
