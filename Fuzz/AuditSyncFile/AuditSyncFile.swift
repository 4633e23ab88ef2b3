import MemberKit

/// Any audit file a shared folder could hold in desk T-1's subfolder, as its own entries' file or
/// as `audit-carried-T-0.jsonl` (the input's length, odd or even, picks): parsing never crashes, keeps only the
/// entries of the desk the file holds (and entries any desk carries: conflicts) with an id and a
/// finite time, and what it keeps is written back and read again as the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let name = size % 2 == 1 ? AuditSyncFile.carriedName(of: "T-0") : AuditSyncFile.name(first: 1, last: 2)
    let holds = AuditSyncFile.carriedDesk(ofName: name) ?? "T-1"
    guard let entries = try? AuditSyncFile.parse(bytes, file: name, in: "T-1", path: name) else { return 0 }
    for entry in entries {
        precondition(entry.deskId == holds || AuditSyncFile.carriedByAnyDesk.contains(entry.action), "another desk's entry was kept")
        precondition(!entry.entryId.isEmpty && entry.entryId.utf8.count <= 64, "a bad id was kept")
        precondition(entry.time.isFinite, "a time that is not finite was kept")
    }
    let again = try? AuditSyncFile.parse(AuditSyncFile.bytes(entries), file: name, in: "T-1", path: name)
    precondition(again == entries, "not a round trip: \(entries) -> \(String(describing: again))")
    return 0
}
