import Foundation

/// Writes this terminal's changes into its own subfolder, and only there: a changes file with
/// the members changed since the last file, or now and then a snapshot of everything, after
/// which the older files are removed. Each file is written under a name Syncthing ignores,
/// flushed, then renamed into place.
public struct SyncWriter: Sendable {
    public let database: AppDatabase
    public let settings: SyncSettings
    public let terminal: TerminalIdentity
    public let clock: any DeskClock
    public let memberFields: [String]

    public init(database: AppDatabase, settings: SyncSettings, terminal: TerminalIdentity, clock: any DeskClock = SystemClock(),
                memberFields: [String] = CustomMembershipUser.variableNamesAsStrings()) {
        self.database = database
        self.settings = settings
        self.terminal = terminal
        self.clock = clock
        self.memberFields = memberFields
    }

    var folder: SyncFolder { SyncFolder(path: settings.folder) }

    /// Writes what is pending. Nothing pending writes nothing.
    public func write() throws -> SyncWriteReport {
        let folder = self.folder
        try folder.checkUsable()
        let directory = folder.subfolder(terminal.id)
        if mkdir(directory, 0o700) != 0, errno != EEXIST {
            throw SyncError.folderUnusable(directory, String(cString: strerror(errno)))
        }
        try writeDeskFile(directory)
        var state = try database.syncWriterState()
        if state.folder != folder.path {
            // A new folder knows nothing of this terminal: start with a snapshot.
            state = SyncWriterState(folder: folder.path)
        }
        let own = try SyncFolder.entries(of: directory).compactMap { entry in
            SyncFileName(parsing: entry.name).map { (name: $0, entry: entry) }
        }
        let hasSnapshot = own.contains { $0.name.kind == .snapshot && !$0.name.isConflictCopy && $0.name.through == state.snapshotThrough }
        let now = clock.now().timeIntervalSince1970
        let latest = try database.latestChange()
        var report = SyncWriteReport()
        var due = !hasSnapshot
        if !due, latest > state.snapshotThrough {
            let sinceSnapshot = try database.pendingChanges(after: state.snapshotThrough)
            due = now - (state.snapshotAt ?? 0) >= settings.snapshotInterval || sinceSnapshot >= settings.snapshotChanges
        }
        if !due {
            guard latest > state.writtenThrough else { return report }
            if let batch = try database.changes(after: state.writtenThrough, limit: settings.snapshotChanges) {
                guard !batch.members.isEmpty else { return report }
                try writeChanges(batch, in: directory, state: &state, report: &report)
                return report
            }
        } else if latest > state.writtenThrough, hasSnapshot,
                  let batch = try database.changes(after: state.writtenThrough, limit: settings.snapshotChanges), !batch.members.isEmpty {
            // The pending changes go out as a changes file first, so that the snapshot adds nothing
            // for desks that keep up: they skip it rather than merge the whole list again.
            try writeChanges(batch, in: directory, state: &state, report: &report)
        }
        // A snapshot covers every change up to the latest one read before it starts (changes
        // made during the export may be in it too: reading them twice is harmless).
        let through = max(try database.latestChange(), state.writtenThrough)
        let previousSnapshot = state.snapshotThrough
        let name = SyncFileName.snapshot(through: through)
        // What this desk holds of the others, read before the export: the snapshot holds at least that.
        let holds = try database.syncTerminals().reduce(into: [String: Int64]()) { holds, known in
            if known.coveredThrough > 0, SyncFolder.isTerminalId(known.terminalId) { holds[known.terminalId] = known.coveredThrough }
        }
        var count = 0
        try writeFile(directory + "/" + name.description) { sink in
            count = try MemberExporter(database: database, memberFields: memberFields)
                .write(format: .musrl, clubKit: false, progress: nil, sink: sink).total
        }
        try writeDeskFile(directory, snapshot: DeskInfoFile.SnapshotCoverage(through: through, holds: holds))
        state.writtenThrough = max(state.writtenThrough, through)
        state.snapshotThrough = through
        state.snapshotAt = now
        try database.setSyncWriterState(state)
        report.file = name.description
        report.members = count
        report.snapshot = true
        // Older snapshots go, and the changes files the previous snapshot already covered; the
        // changes since it stay a while, so a desk that has not read the newest ones yet still
        // can, instead of merging the snapshot. A reader that missed them reads the snapshot.
        for (old, entry) in own where old != name && !old.isConflictCopy
            && (old.kind == .snapshot ? old.through <= through : old.through <= previousSnapshot) {
            if unlink(directory + "/" + entry.name) == 0 { report.removed.append(entry.name) }
        }
        return report
    }

    private func writeChanges(_ batch: MemberChangeBatch, in directory: String, state: inout SyncWriterState,
                              report: inout SyncWriteReport) throws {
        let name = SyncFileName.changes(after: batch.after, through: batch.through)
        try writeFile(directory + "/" + name.description) { sink in
            var encoder = MusrlEncoder(subclassFields: memberFields, clubKit: false)
            var out: [UInt8] = []
            encoder.begin(into: &out)
            for member in batch.members { encoder.encode(member, into: &out) }
            encoder.end(into: &out)
            out.append(0x0A)
            try sink(out)
        }
        state.writtenThrough = batch.through
        try database.setSyncWriterState(state)
        report.file = name.description
        report.members = batch.members.count
    }

    private func writeFile(_ path: String, _ body: (([UInt8]) throws -> Void) throws -> Void) throws {
        let file = try AtomicFileWriter(path: path, syncthingTemporary: true)
        do {
            try body { try file.write($0) }
            try file.commit()
        } catch {
            file.discard()
            throw error
        }
    }

    /// Writes `desk.json` when it is missing or out of date. Between snapshots it keeps saying
    /// what the latest one holds.
    private func writeDeskFile(_ directory: String, snapshot: DeskInfoFile.SnapshotCoverage? = nil) throws {
        let path = directory + "/" + SyncFolder.deskFileName
        let existing = FileManager.default.contents(atPath: path).map { Array($0) }
        let kept = existing.map(DeskInfoFile.parse).flatMap { $0.terminalId == terminal.id ? $0.snapshot : nil }
        let bytes = DeskInfoFile.bytes(terminal, snapshot: snapshot ?? kept)
        if existing == bytes { return }
        try writeFile(path) { try $0(bytes) }
    }
}
