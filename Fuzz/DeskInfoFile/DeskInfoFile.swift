import MemberKit

/// Any desk.json a shared folder could hold: parsing never crashes, keeps only valid parts, and
/// what it keeps is written back and read again as the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let info = DeskInfoFile.parse(Array(UnsafeBufferPointer(start: data, count: size)))
    if let snapshot = info.snapshot {
        precondition(snapshot.through >= 0 && snapshot.holds.values.allSatisfy { $0 >= 0 }, "a negative change number was kept")
        let terminal = TerminalIdentity(id: info.terminalId ?? "T-1", name: info.name ?? "Desk")
        let again = DeskInfoFile.parse(DeskInfoFile.bytes(terminal, snapshot: snapshot))
        precondition(again.snapshot == snapshot, "not a round trip: \(snapshot) -> \(String(describing: again.snapshot))")
    }
    return 0
}
