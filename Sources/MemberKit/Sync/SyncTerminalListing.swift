/// One terminal's subfolder as listed at the start of a read, with its desk.json; or only
/// the changes files inotify named in it (`partial`).
struct SyncTerminalListing {
    let terminalId: String
    var partial = false
    /// Its files in sequence order, except the latest snapshot first: it covers every file
    /// before it, which then need no reading.
    let files: [(name: SyncFileName, entry: SyncFolder.Entry)]
    let latestSnapshot: (name: SyncFileName, entry: SyncFolder.Entry)?
    let newestThrough: Int64?
    let info: DeskInfoFile?

    init(terminalId: String, in folder: SyncFolder, entries: [SyncFolder.Entry]) {
        self.terminalId = terminalId
        var files = entries.compactMap { entry in SyncFileName(parsing: entry.name).map { (name: $0, entry: entry) } }
            .sorted { $0.name < $1.name }
        if let latest = files.lastIndex(where: { $0.name.kind == .snapshot && !$0.name.isConflictCopy }) {
            latestSnapshot = files[latest]
            files.insert(files.remove(at: latest), at: 0)
        } else {
            latestSnapshot = nil
        }
        self.files = files
        newestThrough = files.filter { !$0.name.isConflictCopy }.map(\.name.through).max()
        info = DeskInfoFile.read(folder.subfolder(terminalId) + "/" + SyncFolder.deskFileName, files: folder.files)
    }

    init(terminalId: String, named: [(name: SyncFileName, entry: SyncFolder.Entry)]) {
        self.terminalId = terminalId
        partial = true
        files = named.sorted { $0.name < $1.name }
        latestSnapshot = nil
        newestThrough = nil
        info = nil
    }

    /// The named changes files that are there, by lstat; nil when a name needs the subfolder
    /// listed (a snapshot and what it covers, desk.json, a conflict copy).
    static func namedChanges(_ names: Set<String>, in directory: String, of folder: SyncFolder) -> [(name: SyncFileName, entry: SyncFolder.Entry)]? {
        var changes: [(name: SyncFileName, entry: SyncFolder.Entry)] = []
        for file in names {
            if file == SyncFolder.deskFileName { return nil }
            guard let name = SyncFileName(parsing: file) else { continue }  // not a member file
            guard name.kind == .changes, !name.isConflictCopy else { return nil }
            guard let entry = folder.entry(at: directory + "/" + file) else { continue }  // gone again: the rescan forgets it
            changes.append((name, SyncFolder.Entry(name: file, kind: entry.kind, size: entry.size, mtime: entry.mtime)))
        }
        return changes
    }
}
