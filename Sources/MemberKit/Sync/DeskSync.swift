import Foundation

/// One terminal's sync: write its pending changes, then merge the others'. The CLI's `sync now`,
/// the watcher and the desks all run passes through this.
public struct DeskSync: Sendable {
    public let writer: SyncWriter
    package let reader: SyncReader
    /// The desk's stored photos, which travel beside the sync files (`PhotoFiles`); nil: none do.
    public let photos: (any PhotoLibrary)?
    let refusedPhotos = RefusedPhotos()

    /// `files`: the folder's file system (FolderSync's `LocalSyncFolderFiles`, or a test's double).
    public init(database: AppDatabase, files: any SyncFolderFiles, settings: SyncSettings, terminal: TerminalIdentity,
                clock: any DeskClock = SystemClock(), bus: EventBus? = nil,
                memberFields: [String] = CustomMembershipUser.variableNamesAsStrings(),
                eventMessages: @escaping @Sendable () -> Club.EventMessages? = { nil }, photos: (any PhotoLibrary)? = nil) {
        self.photos = photos
        writer = SyncWriter(database: database, files: files, settings: settings, terminal: terminal, clock: clock, memberFields: memberFields)
        reader = SyncReader(database: database, files: files, settings: settings, terminal: terminal, clock: clock, bus: bus,
                            eventMessages: eventMessages)
    }

    public var database: AppDatabase { writer.database }
    public var settings: SyncSettings { writer.settings }

    /// Writes, then reads (either may be left out: the watcher writes on a tap and reads on a file's
    /// arrival; a pass that does not read reports `previousRead`). Throws only when the folder itself
    /// is unusable; bad files are in the report.
    /// `only`: read just these desks' subfolders (those inotify named).
    public func pass(write: Bool = true, read: Bool = true, only: Set<String>? = nil,
                     previousRead: SyncReadReport? = nil) throws -> SyncPassReport {
        try pass(write: write, read: read, named: only.map(SyncNamedFiles.init(desks:)), previousRead: previousRead)
    }

    /// `named`: read just these subfolders, or just the files inotify named in them (nil: all).
    package func pass(write: Bool = true, read: Bool = true, named only: SyncNamedFiles?,
                      previousRead: SyncReadReport? = nil) throws -> SyncPassReport {
        var sync = SyncPass(writer: writer, reader: reader, write: write, read: read, only: only, previousRead: previousRead,
                            photos: photos, refusedPhotos: refusedPhotos)
        for kind in SyncFileKinds.all { try kind.run(&sync) }
        return SyncPassReport(folder: writer.folder.path, written: sync.written, read: sync.readReport,
                              time: writer.clock.now().timeIntervalSince1970)
    }

    public func status() throws -> SyncStatusReport {
        let state = try database.syncWriterState()
        let fresh = state.folder != writer.folder.path
        let after = fresh ? 0 : state.writtenThrough
        let terminals = try database.syncTerminals()
        return SyncStatusReport(folder: writer.folder.path, terminalId: writer.terminal.id, terminalName: writer.terminal.name,
                                pending: try database.pendingChanges(after: after), writtenThrough: after,
                                lastSnapshotAt: fresh ? nil : state.snapshotAt,
                                terminals: terminals.filter(\.isDesk), badFiles: try database.badSyncFiles(), stopped: state.stopped,
                                retired: try retiredDesks(terminals), replays: try database.secureReplays(),
                                walletReplays: try database.walletReplays(), conflicts: try conflictLines())
    }

    /// The newest conflicts the audit record holds, as people read them.
    private func conflictLines() throws -> [String] {
        let entries = try database.auditEntries(AuditQuery(action: .conflict, newest: Self.conflictsShown))
        let names = try database.recordNames(memberIds: [])
        return try entries.map { entry in
            let name = try entry.memberId.flatMap { try database.member(id: $0) }?.displayName ?? entry.memberId ?? "?"
            // Entries recorded before conflicts named desks by id hold a name: it is shown as it is.
            return FieldConflict.line(entry, name: name, deskName: { names.desks[$0] == nil ? $0 : names.desk($0) })
        }
    }

    static let conflictsShown = 20

    /// `sync retire`: this desk takes over what `terminalId` authored (read first, so that it holds
    /// as much of it as the folder has) and writes a snapshot carrying it at once.
    public func retire(_ terminalId: String) throws -> SyncRetireReport {
        guard SyncFolder.isTerminalId(terminalId) else { throw SyncError.unknownDesk(terminalId) }
        guard terminalId != writer.terminal.id else { throw SyncError.retireSelf }
        _ = try reader.read()
        let known = try database.syncTerminals()
        guard let desk = known.first(where: { $0.terminalId == terminalId }) else { throw SyncError.unknownDesk(terminalId) }
        if desk.retiredBy == nil { try database.retireSyncTerminal(terminalId, by: writer.terminal.id) }
        let written = try writer.write(snapshot: true)
        let terminals = try database.syncTerminals()
        let retired = try retiredDesks(terminals).first { $0.terminalId == terminalId }!
        return SyncRetireReport(retired: retired, members: try database.membersAuthored(by: terminalId), written: written)
    }

    /// Retired desks, and which active desks have yet to read each one's takeover: an active desk
    /// says in its `desk.json` how far it holds each retired desk.
    func retiredDesks(_ terminals: [SyncTerminalRecord]) throws -> [SyncRetiredDesk] {
        let retired = terminals.filter { $0.retiredBy != nil }
        guard !retired.isEmpty else { return [] }
        let folder = writer.folder
        let active = terminals.filter { $0.retiredBy == nil && $0.terminalId != writer.terminal.id
            && folder.entry(at: folder.subfolder($0.terminalId), following: true) != nil }
        let infos = Dictionary(uniqueKeysWithValues: active.map {
            ($0.terminalId, DeskInfoFile.read(folder.subfolder($0.terminalId) + "/" + SyncFolder.deskFileName, files: folder.files))
        })
        // What this desk's own snapshot carries of the desks it took over: held there, not just in its database.
        let ownSnapshot = writer.snapshotHolds()
        return try retired.map { desk in
            // Everything its subfolder holds here, late files included, must be held before it goes.
            let directory = folder.subfolder(desk.terminalId)
            let present = folder.entry(at: directory, following: true) != nil
            let newest = present
                ? SyncTerminalListing(terminalId: desk.terminalId, in: folder, entries: try folder.entries(of: directory)).newestThrough : nil
            let through = max(desk.retiredThrough, newest ?? 0)
            var waiting = active.filter { (infos[$0.terminalId]??.retiredRead[desk.terminalId] ?? -1) < through }.map(\.terminalId)
            let heldHere = desk.retiredBy == writer.terminal.id
                ? min(max(desk.coveredThrough, desk.retiredThrough), ownSnapshot[desk.terminalId] ?? -1) : desk.coveredThrough
            if heldHere < through { waiting.insert(writer.terminal.id, at: 0) }
            // Its side files too must be carried by desks that stay (looked at once the member files are held).
            var keepers: [String] = []
            for id in [desk.retiredBy!, writer.terminal.id] + active.map(\.terminalId)
            where !keepers.contains(id) && !retired.contains(where: { $0.terminalId == id }) { keepers.append(id) }
            let uncarried = present && waiting.isEmpty
                ? try CarriedSideFiles(folder: folder, keepers: keepers, now: writer.clock.now().timeIntervalSince1970)
                    .uncarried(of: desk.terminalId) : []
            return SyncRetiredDesk(terminalId: desk.terminalId, name: desk.name, takenOverBy: desk.retiredBy!, through: through,
                                   waitingFor: waiting, subfolderPresent: present, uncarriedSideFiles: uncarried)
        }
    }
}
