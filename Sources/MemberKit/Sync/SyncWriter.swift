import Foundation
import Synchronization

/// Writes this terminal's changes into its own subfolder, and only there: a changes file with
/// the members changed since the last file, or now and then a snapshot of what this desk is the
/// author of (`ExchangeSelection.authored`), after which the older files are removed. Each file is
/// written under a name Syncthing ignores, flushed, then renamed into place. A tap's write reads
/// `desk.json` and stats the latest snapshot; it never lists the subfolder.
public struct SyncWriter: Sendable {
    let database: AppDatabase
    let settings: SyncSettings
    public let terminal: TerminalIdentity
    let clock: any DeskClock
    let memberFields: [String]
    let files: any SyncFolderFiles
    /// Whether this writer has looked through its own subfolder yet (once, then at every snapshot).
    private let checked = CheckedOnce()

    package init(database: AppDatabase, files: any SyncFolderFiles, settings: SyncSettings, terminal: TerminalIdentity,
                clock: any DeskClock = SystemClock(), memberFields: [String] = CustomMembershipUser.variableNamesAsStrings()) {
        self.database = database
        self.files = files
        self.settings = settings
        self.terminal = terminal
        self.clock = clock
        self.memberFields = memberFields
    }

    package var folder: SyncFolder { SyncFolder(path: settings.folder, files: files) }

    /// Writes what is pending (`snapshot`: and a snapshot now, as `sync retire` needs). Nothing
    /// pending writes nothing. Throws `SyncError.stopped` once another machine is found writing
    /// under this terminal id, until `sync reset-id`.
    package func write(snapshot force: Bool = false) throws -> SyncWriteReport {
        let folder = self.folder
        try folder.checkUsable()
        var state = try database.syncWriterState()
        if let stopped = state.stopped { throw SyncError.stopped(stopped) }
        let directory = folder.subfolder(terminal.id)
        try files.makeFolder(directory)
        if state.folder != folder.path {
            // A new folder knows nothing of this terminal: start with a snapshot.
            state = SyncWriterState(folder: folder.path, writer: state.writer)
        }
        if state.writer == nil {
            state.writer = UUID().uuidString
            try database.setSyncWriterState(state)
        }
        let terminals = try database.syncTerminals()
        try writeDeskFile(directory, state: &state, terminals: terminals)
        if checked.first() { try checkSubfolder(directory, entries: try folder.entries(of: directory), state: &state) }
        var report = SyncWriteReport()
        let hasSnapshot = state.snapshotAt != nil
            && folder.entry(at: directory + "/" + SyncFileName.snapshot(through: state.snapshotThrough).description, following: true) != nil
        let now = clock.now().timeIntervalSince1970
        let latest = try database.latestChange()
        // A snapshot past the floor is rewritten only for bytes: the desk that brought the list
        // authors all of it, and rewriting that daily would write a list a day into the folder.
        let large = state.snapshotBytes > settings.keptBytesFloor
        // What it read of a desk it carries since its snapshot is in no file of its own until one is written.
        var due = try !hasSnapshot || force || carriesMoreThanItsSnapshot()
        if !due, latest > state.snapshotThrough {
            due = keepsTooMuch(state)
            if !due, !large {
                due = try now - (state.snapshotAt ?? 0) >= settings.snapshotInterval
                    || database.pendingChanges(after: state.snapshotThrough) >= settings.snapshotChanges
            }
        }
        let pending = latest > state.writtenThrough ? try database.pendingChanges(after: state.writtenThrough, through: latest) : 0
        if !due {
            guard pending > 0 else { return report }
            if pending <= settings.snapshotChanges || large {
                try writeChanges(after: state.writtenThrough, through: latest, in: directory, state: &state, terminals: terminals,
                                 report: &report)
                // A burst of taps over many members grows the folder by bytes, not by members: bound it.
                guard keepsTooMuch(state) else { return report }
            }
        } else if pending > 0, pending <= settings.snapshotChanges, hasSnapshot {
            // The pending changes go out as a changes file first, so that the snapshot adds nothing
            // for desks that keep up: they skip it rather than merge this desk's members again.
            try writeChanges(after: state.writtenThrough, through: latest, in: directory, state: &state, terminals: terminals,
                             report: &report)
        }
        try writeSnapshot(in: directory, state: &state, terminals: terminals, report: &report)
        return report
    }

    /// A desk keeps at most this share of its snapshot's weight in changes files (as 1/N): the
    /// folder is then at most 1 + 1/N times the snapshots. A quarter keeps a chain's folder within
    /// 1.5 exports when each member is counted at ten desks (docs/sync.md, "What grows with time").
    static let keptShare: Int64 = 4

    /// The changes files written since the latest snapshot outweigh a quarter of it (or the
    /// floor): then a snapshot is due, and it removes them. The snapshots a desk writes then weigh
    /// at most four times its changes files.
    private func keepsTooMuch(_ state: SyncWriterState) -> Bool {
        state.changesBytes > max(state.snapshotBytes / Self.keptShare, settings.keptBytesFloor)
    }

    private func writeSnapshot(in directory: String, state: inout SyncWriterState, terminals: [SyncTerminalRecord],
                               report: inout SyncWriteReport) throws {
        let dueForBytes = keepsTooMuch(state)
        // The changes file this write put out just before (if any) stays whatever goes: desks that
        // keep up read that small file and skip the snapshot.
        let justWritten = report.file
        // A snapshot covers every change up to the latest one read before it starts (changes
        // made during the export may be in it too: reading them twice is harmless).
        let through = max(try database.latestChange(), state.writtenThrough)
        let previousSnapshot = state.snapshotThrough
        let name = SyncFileName.snapshot(through: through)
        // What it holds of other desks: only those this desk took over (read before the export).
        let holds = terminals.reduce(into: [String: Int64]()) { holds, known in
            if known.retiredBy == terminal.id { holds[known.terminalId] = max(known.coveredThrough, known.retiredThrough) }
        }
        let path = directory + "/" + name.description
        let count = try MemberExporter(database: database, memberFields: memberFields)
            .exportForSync(.authored(SyncAuthors(own: terminal.id, terminals: terminals)), to: path, files: files)
        let size = folder.entry(at: path, following: true)?.size ?? 0
        // Changes files since the previous snapshot stay for desks that keep up, unless they are
        // why this snapshot was due, or more than a quarter of it: kept, they would repeat what the
        // snapshot holds, and reading the snapshot is then cheap enough.
        let dropKept = dueForBytes || state.changesBytes > size / Self.keptShare
        state.olderChangesBytes = dropKept ? 0 : state.changesBytes
        state.changesBytes = 0
        state.snapshotBytes = size
        state.writtenThrough = max(state.writtenThrough, through)
        state.snapshotThrough = through
        state.snapshotAt = clock.now().timeIntervalSince1970
        try writeDeskFile(directory, state: &state, terminals: terminals, snapshot: DeskInfoFile.SnapshotCoverage(through: through, holds: holds))
        try database.setSyncWriterState(state)
        report.file = name.description
        report.members = count
        report.snapshot = true
        let own = try folder.entries(of: directory)
        try checkSubfolder(directory, entries: own, state: &state)
        // Older snapshots go, and the changes files the previous snapshot already covered (or all
        // this one covers). A reader that missed them reads the snapshot.
        let removeThrough = dropKept ? through : previousSnapshot
        for entry in own {
            guard let old = SyncFileName(parsing: entry.name), old != name, !old.isConflictCopy, entry.name != justWritten,
                  old.kind == .snapshot ? old.through <= through : old.through <= removeThrough else { continue }
            if files.remove(directory + "/" + entry.name) { report.removed.append(entry.name) }
        }
    }

    private func writeChanges(after: Int64, through: Int64, in directory: String, state: inout SyncWriterState,
                              terminals: [SyncTerminalRecord], report: inout SyncWriteReport) throws {
        let name = SyncFileName.changes(after: after, through: through)
        let path = directory + "/" + name.description
        // A file of ours already under this name was written by another database with this terminal id.
        if folder.entry(at: path, following: true) != nil {
            try stop("\(path) already exists: another machine writes under terminal id \(terminal.id), or this database was restored from a backup",
                     state: &state)
        }
        let count = try MemberExporter(database: database, memberFields: memberFields)
            .exportForSync(.changed(after: after, through: through, authors: SyncAuthors(own: terminal.id, terminals: terminals)), to: path, files: files)
        state.changesBytes += folder.entry(at: path, following: true)?.size ?? 0
        state.writtenThrough = through
        try database.setSyncWriterState(state)
        report.file = name.description
        report.members = count
    }

    /// Our subfolder holds nothing past what this database wrote, and no conflict copy of ours:
    /// otherwise another machine writes here too, or this database is older than its files.
    private func checkSubfolder(_ directory: String, entries: [SyncFolder.Entry], state: inout SyncWriterState) throws {
        for entry in entries {
            guard let name = SyncFileName(parsing: entry.name) else { continue }
            if name.isConflictCopy {
                try stop("Syncthing found two versions of \(directory)/\(entry.name): another machine writes under terminal id \(terminal.id)",
                         state: &state)
            }
            if name.through > state.writtenThrough {
                try stop("\(directory)/\(entry.name) goes past what this database wrote (change \(state.writtenThrough)): it was restored from a backup, or another machine writes under terminal id \(terminal.id)",
                         state: &state)
            }
        }
    }

    /// Records why writing stopped, so that every later write (and `doctor`) says so, and throws.
    private func stop(_ reason: String, state: inout SyncWriterState) throws -> Never {
        state.stopped = reason
        try database.setSyncWriterState(state)
        throw SyncError.stopped(reason)
    }

    /// Writes `desk.json` when it is missing or out of date, after checking that the one there is
    /// ours. Between snapshots it keeps saying what the latest one holds.
    private func writeDeskFile(_ directory: String, state: inout SyncWriterState, terminals: [SyncTerminalRecord],
                               snapshot: DeskInfoFile.SnapshotCoverage? = nil) throws {
        let path = directory + "/" + SyncFolder.deskFileName
        let existing = files.read(path, maxBytes: .max)
        let parsed = existing.map(DeskInfoFile.parse)
        if let parsed, parsed.terminalId == terminal.id, let writer = parsed.writer, writer != state.writer {
            try stop("\(path) was written by another database (\(writer)): another machine writes under terminal id \(terminal.id)",
                     state: &state)
        }
        let kept = parsed.flatMap { $0.terminalId == terminal.id ? $0.snapshot : nil }
        let coverage = snapshot ?? kept
        var tookOver: [String: Int64] = [:], retiredRead: [String: Int64] = [:]
        for known in terminals where known.retiredBy != nil {
            guard known.retiredBy == terminal.id else { retiredRead[known.terminalId] = known.coveredThrough; continue }
            // A desk it carries is held, for the desks waiting to delete its subfolder, only as far as
            // this desk's snapshot carries it: what it read since is in none of its files yet.
            let held = min(max(known.coveredThrough, known.retiredThrough), coverage?.holds[known.terminalId] ?? 0)
            tookOver[known.terminalId] = held
            retiredRead[known.terminalId] = held
        }
        let bytes = DeskInfoFile.bytes(terminal, snapshot: coverage, writer: state.writer, tookOver: tookOver, retiredRead: retiredRead)
        if existing == bytes || (parsed.map { Self.sameContent($0, DeskInfoFile.parse(bytes)) } ?? false) { return }
        try files.write(bytes, to: path)
    }

    /// Two desk.json files saying the same (key order may differ between processes).
    private static func sameContent(_ a: DeskInfoFile, _ b: DeskInfoFile) -> Bool { a == b }
}

/// True once: the first call of each writer (each process) looks through its subfolder.
final class CheckedOnce: Sendable {
    private let done = Mutex(false)

    func first() -> Bool {
        done.withLock { done in
            defer { done = true }
            return !done
        }
    }
}
