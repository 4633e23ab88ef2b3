import Foundation

/// Operators and the audit record through the sync folder, beside the member files: each desk
/// writes, in its own subfolder, `staff.json` (the operator versions it wrote, a side file like the
/// SUN counters) and `audit-*.jsonl` files (its own entries, in row order: `AuditFileSync`); it
/// reads the others' and merges them by law: operators per name by the later (stamp, desk), audit
/// entries only ever added.
struct StaffSync: Sendable {
    let database: AppDatabase
    let terminal: TerminalIdentity
    let folder: SyncFolder
    /// The desk's clock, for both files' merges and the seen-table.
    let clock: any DeskClock

    struct Report: Sendable, Equatable {
        var staffChanged = 0
        var auditAdded = 0
        var auditWritten = 0
        var errors: [String] = []
    }

    /// Writes this desk's files, then merges the others' (`only`: just these desks' subfolders or
    /// the files inotify named in them, as `SyncReader` does: a pass then lists nothing else). Bad files are
    /// reported once each, never thrown. `write` false: only reads.
    func pass(only: SyncNamedFiles? = nil, write: Bool = true) throws -> Report {
        try folder.checkUsable()
        let staff = try SideFileSync<StaffState>(database: database, terminal: terminal, folder: folder, clock: clock).pass(only: only, write: write)
        let audit = try AuditFileSync(database: database, terminal: terminal, folder: folder, clock: clock).pass(only: only, write: write)
        return Report(staffChanged: staff.merged, auditAdded: audit.added, auditWritten: audit.written,
                      errors: audit.errors + staff.errors)
    }
}

/// `staff.json`: the operator versions this desk wrote (tombstones included), merged per name.
enum StaffState: SideFileState {
    static let fileName = StaffSyncFile.fileName
    static let maxBytes = 4 << 20  // as `StaffSyncFile.parse` refuses

    static func own(_ database: AppDatabase, terminalId: String, carrying: [String],
                    at now: Double) throws -> (bytes: [UInt8], nothingToSay: Bool) {
        let versions = try database.ownStaffVersions(terminalId: terminalId)
        let carried = try Dictionary(uniqueKeysWithValues: carrying.map { ($0, try database.ownStaffVersions(terminalId: $0)) })
            .filter { !$0.value.isEmpty }
        // A desk that never wrote an operator (nor carries one) writes no staff file.
        return (StaffSyncFile.bytes(terminalId: terminalId, versions, carried: carried), versions.isEmpty && carried.isEmpty)
    }

    static func merge(_ bytes: [UInt8], from desk: String, path: String, into database: AppDatabase,
                      at now: Double) throws -> (changed: Int, replays: [Never]) {
        (try database.mergeStaffVersions(StaffSyncFile.parse(bytes, from: desk, path: path)), [])
    }
}
