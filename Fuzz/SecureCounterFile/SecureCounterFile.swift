import MemberKit

/// Any sun-counters.json a shared folder could hold, as if from desk T-1: parsing never crashes,
/// keeps only tags with an uppercase hex UID of 4 to 10 bytes, once per desk, 24-bit counters and
/// recent ones not above them, each T-1's or a desk's T-1 says it carries (format 2's `carried`),
/// and what it keeps is written back and read again as the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let entries = try? SecureCounterFile.parse(bytes, from: "T-1", path: "sun-counters.json") else { return 0 }
    for entry in entries {
        precondition((8...20).contains(entry.uid.utf8.count) && entry.uid.utf8.count % 2 == 0, "a bad UID was kept")
        precondition(entry.counter <= 0xFF_FFFF && entry.recent.allSatisfy { $0 <= entry.counter }, "a counter out of range was kept")
        precondition(!entry.terminalId.isEmpty, "an entry of no desk was kept")
    }
    precondition(Set(entries.map { $0.uid + " " + $0.terminalId }).count == entries.count, "a tag twice for one desk was kept")
    let own = entries.filter { $0.terminalId == "T-1" }
    let carried = Dictionary(grouping: entries.filter { $0.terminalId != "T-1" }, by: \.terminalId)
    let again = try? SecureCounterFile.parse(SecureCounterFile.bytes(terminalId: "T-1", own, carried: carried), from: "T-1", path: "sun-counters.json")
    precondition(again == entries, "not a round trip: \(entries) -> \(String(describing: again))")
    return 0
}
