import Foundation

extension SyncWriter {
    /// Whether this desk holds more of a desk it took over (a retired desk, an earlier self of a
    /// restored desk) than its latest snapshot says it holds: what it read of that desk since (its
    /// late files) is then in no file of this desk, and that desk's subfolder may go once the
    /// desks have read the takeover. A snapshot is then due at once. False while writing is stopped.
    func carriesMoreThanItsSnapshot() throws -> Bool {
        let carried = try database.syncTerminals().filter { $0.retiredBy == terminal.id }
        guard !carried.isEmpty, try database.syncWriterState().stopped == nil else { return false }
        let holds = snapshotHolds()
        return carried.contains { max($0.coveredThrough, $0.retiredThrough) > holds[$0.terminalId] ?? -1 }
    }

    /// How far this desk's latest snapshot holds each desk it took over, from its own `desk.json`.
    func snapshotHolds() -> [String: Int64] {
        DeskInfoFile.read(folder.subfolder(terminal.id) + "/" + SyncFolder.deskFileName, files: files)
            .flatMap { $0.terminalId == terminal.id ? $0.snapshot?.holds : nil } ?? [:]
    }
}
