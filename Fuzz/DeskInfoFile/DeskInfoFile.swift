import MemberKit

/// Any desk.json a shared folder could hold: parsing never crashes, keeps only valid parts (change
/// numbers from 0 up, terminal ids as keys and as the writer's mark, a short printable name), and
/// what it keeps is written back and read again as the same: the snapshot's coverage, the writer's
/// mark, the desks taken over and how far each retired desk is held.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let info = DeskInfoFile.parse(Array(UnsafeBufferPointer(start: data, count: size)))
    let numbers = (info.snapshot.map { [$0.through] + Array($0.holds.values) } ?? []) + Array(info.tookOver.values)
        + Array(info.retiredRead.values)
    precondition(numbers.allSatisfy { $0 >= 0 }, "a negative change number was kept")
    let keys = (info.snapshot.map { Array($0.holds.keys) } ?? []) + Array(info.tookOver.keys) + Array(info.retiredRead.keys)
        + [info.terminalId, info.writer].compactMap { $0 }
    precondition(keys.allSatisfy(SyncFolder.isTerminalId), "a key that is not a terminal id was kept")
    if let name = info.name {
        precondition(!name.isEmpty && name.count <= 80 && !name.unicodeScalars.contains { $0.properties.generalCategory == .control },
                     "a name that is empty, long or holds control characters was kept")
    }
    let terminal = TerminalIdentity(id: info.terminalId ?? "T-1", name: info.name ?? "Desk")
    let again = DeskInfoFile.parse(DeskInfoFile.bytes(terminal, snapshot: info.snapshot, writer: info.writer,
                                                      tookOver: info.tookOver, retiredRead: info.retiredRead))
    precondition(again.snapshot == info.snapshot, "snapshot not a round trip: \(String(describing: info.snapshot)) -> \(String(describing: again.snapshot))")
    precondition(again.writer == info.writer, "writer not a round trip: \(String(describing: info.writer)) -> \(String(describing: again.writer))")
    precondition(again.tookOver == info.tookOver, "tookOver not a round trip: \(info.tookOver) -> \(again.tookOver)")
    precondition(again.retiredRead == info.retiredRead, "retiredRead not a round trip: \(info.retiredRead) -> \(again.retiredRead)")
    if let name = info.name { precondition(again.name == name, "name not a round trip: \(name) -> \(String(describing: again.name))") }
    if let id = info.terminalId { precondition(again.terminalId == id, "terminalId not a round trip") }
    return 0
}
