import MemberKit

/// Any audit-*.jsonl a shared folder could hold, as if from desk T-1: parsing never crashes,
/// keeps only T-1's entries (and entries any desk carries: conflicts) with an id and a finite
/// time, and what it keeps is written back and read again as the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let entries = try? AuditSyncFile.parse(bytes, from: "T-1", path: "audit.jsonl") else { return 0 }
    for entry in entries {
        precondition(entry.deskId == "T-1" || AuditSyncFile.carriedByAnyDesk.contains(entry.action), "another desk's entry was kept")
        precondition(!entry.entryId.isEmpty && entry.entryId.utf8.count <= 64, "a bad id was kept")
        precondition(entry.time.isFinite, "a time that is not finite was kept")
    }
    let again = try? AuditSyncFile.parse(AuditSyncFile.bytes(entries), from: "T-1", path: "audit.jsonl")
    precondition(again == entries, "not a round trip: \(entries) -> \(String(describing: again))")
    return 0
}
