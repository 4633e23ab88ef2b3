import Foundation

/// The audit record as side files: this desk's own entries go out as `audit-FIRST-LAST.jsonl`
/// files by their row numbers (`AuditRowId`; only the rows not yet written, then folded into one
/// when there are many), and the others' are added by entry id (one already held is never changed).
/// The entries of each desk this one carries go out as that desk's `audit-carried-DESK.jsonl`,
/// rewritten whole when merges added some of them since it was written (or it is missing).
struct AuditFileSync: SideFileKind {
    let database: AppDatabase
    let terminal: TerminalIdentity
    let folder: SyncFolder
    let clock: any DeskClock
    /// A desk's audit files are folded into one when there are more than this many.
    static let filesKept = 64
    static let batch = 50_000
    /// Through which row this desk's entries are in which folder, written under which desk id
    /// (a new folder or id starts over). `sync.`: `sync reset-id` clears them with the member writer's.
    static let folderKey = "sync.auditFolder", throughKey = "sync.auditThrough", deskKey = "sync.auditDesk"
    /// How many merges added entries of a carried desk, and how many its carried file holds.
    static func carriedMergesKey(_ desk: String) -> String { "sync.auditCarriedMerges." + desk }
    static func carriedWrittenKey(_ desk: String) -> String { "sync.auditCarriedWritten." + desk }

    static let reportKey = "audit files"

    static func pass(database: AppDatabase, terminal: TerminalIdentity, folder: SyncFolder, clock: any DeskClock,
                     only: SyncNamedFiles?, write: Bool) throws -> SideFileReport {
        try AuditFileSync(database: database, terminal: terminal, folder: folder, clock: clock).pass(only: only, write: write)
    }

    private var files: DeskSideFile {
        DeskSideFile(database: database, terminal: terminal, folder: folder,
                     names: .matching(AuditSyncFile.isAuditFile), maxBytes: 256 << 20, clock: clock)
    }

    /// Entries added are `merged`, entries written (the carried files' too) `written`.
    func pass(only: SyncNamedFiles?, write writing: Bool = true) throws -> SideFileReport {
        var report = SideFileReport()
        if writing { report.written = try write() }
        let carried = Set(try database.carriedDesks(by: terminal.id))
        report.errors = try files.readChanged(only: only) { desk, bytes, path in
            do {
                let entries = try AuditSyncFile.parse(bytes, file: String(path.split(separator: "/").last ?? ""), in: desk, path: path)
                report.merged += try database.mergeAuditEntries(entries, carried: carried)
            } catch let refused as DeskError {
                // The store refused an entry (a millisecond with no room left): the file is bad, the pass goes on.
                throw SyncError.badFile(path, refused.description)
            }
        }
        if writing { report.written += try writeCarried(carried) }
        return report
    }

    /// Each carried desk's file, written when merges added entries of that desk since it was
    /// last written, or when it is missing (a takeover just made): the whole of what this desk
    /// holds of it, in row order.
    private func writeCarried(_ carried: Set<String>) throws -> Int {
        var written = 0
        for desk in carried.sorted() {
            let name = AuditSyncFile.carriedName(of: desk)
            var info = stat()
            let missing = lstat(folder.subfolder(terminal.id) + "/" + name, &info) != 0
            guard try missing || database.carriedAuditDue(desk) else { continue }
            // Written even when empty: a missing file would be looked for (a read of the record) on every pass.
            let held = try database.carriedAuditEntries(of: desk)
            try files.write(AuditSyncFile.bytes(held.entries), as: name)
            written += held.entries.count
            // Only what was read with the entries counts as written: a merge since leaves it due.
            try database.noteCarriedAuditWritten(desk, merges: held.merges)
        }
        return written
    }

    private func write() throws -> Int {
        let directory = try files.ownSubfolder()
        var through: Int64 = 0, written = 0, unsettled = 0
        while unsettled < 3 {
            through = try database.ownAuditMark(folder: folder.path, deskId: terminal.id)
            let batch = try database.ownAuditEntries(deskId: terminal.id, after: through, limit: Self.batch)
            guard let first = batch.rows.first, let last = batch.rows.last else { break }
            try files.write(AuditSyncFile.bytes(batch.entries.map(\.entry)), as: AuditSyncFile.name(first: first, last: last))
            // The mark moves only past what the file holds: an entry placed behind it meanwhile
            // (`AuditRowId`: a row says its time, and a clock can step back) is read again.
            if try database.advanceOwnAuditMark(deskId: terminal.id, folder: folder.path, from: through, to: last, rows: batch.rows.count) {
                through = last
                written += batch.entries.count
            } else {
                unsettled += 1
            }
        }
        // Only a pass that wrote an audit file lists the subfolder: a tap's pass never does.
        if written > 0 { try fold(in: directory, through: through) }
        return written
    }

    /// Many small files become one: the desk's whole record so far, then the small ones go.
    private func fold(in directory: String, through: Int64) throws {
        let own = try SyncFolder.entries(of: directory).filter { AuditSyncFile.range(ofName: $0.name) != nil }
        guard own.count > Self.filesKept, through > 0 else { return }
        let all = try database.ownAuditEntries(deskId: terminal.id, after: 0, limit: Int.max).entries
        guard let first = all.first?.row else { return }
        let name = AuditSyncFile.name(first: first, last: through)
        try files.write(AuditSyncFile.bytes(all.filter { $0.row <= through }.map(\.entry)), as: name)
        for entry in own where entry.name != name { unlink(directory + "/" + entry.name) }
    }
}
