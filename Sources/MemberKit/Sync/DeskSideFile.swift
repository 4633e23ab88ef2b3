import Foundation

/// A kind of file each desk keeps in its own subfolder beside the member files, holding state that
/// merges by law (operators, the audit record, SUN counters, phones' claims). This is the one
/// atomic write of a desk's own, and the one walk of the others' with one size cap and one
/// seen-table (`sync_file`, the member files' own): a file is read only when its size or time changed since the
/// last read, and a bad one is recorded with its one-line error and read again only once it changes.
struct DeskSideFile {
    let database: AppDatabase
    let terminal: TerminalIdentity
    let folder: SyncFolder
    let names: Names
    /// A file larger than this is refused before it is read.
    let maxBytes: Int
    /// When a file was read, for the seen-table: the desk's clock (a test's fake one), never the machine's.
    let clock: any DeskClock

    /// One file a desk (looked at with one lstat), or a family of names (the subfolder is listed,
    /// and only names it accepts are stat-ed).
    enum Names {
        case one(String)
        case matching((String) -> Bool)
    }

    /// This desk's subfolder, made if missing; throws when the folder is unusable.
    @discardableResult
    func ownSubfolder() throws -> String {
        try folder.checkUsable()
        let directory = folder.subfolder(terminal.id)
        try folder.files.makeFolder(directory)
        return directory
    }

    /// Writes `bytes` as this desk's one file unless it holds them already. `nothingToSay`: a desk
    /// that never had anything to write writes no file at all.
    func write(_ bytes: [UInt8], nothingToSay: Bool) throws {
        guard case .one(let name) = names else { preconditionFailure("a family of files is written by name") }
        let held = folder.files.read(folder.subfolder(terminal.id) + "/" + name, maxBytes: .max)
        guard !(nothingToSay && held == nil), held != bytes else { return }
        try write(bytes, as: name)
    }

    /// Writes `name` in this desk's subfolder under a name Syncthing ignores, flushed, then renamed into place.
    func write(_ bytes: [UInt8], as name: String) throws {
        try folder.files.write(bytes, to: try ownSubfolder() + "/" + name)
    }

    /// Hands each other desk's file that changed since it was last read to `merge` (desk, bytes,
    /// path); a `SyncError` it throws is that file's error. Returns the errors found this time.
    /// `only`: just these desks' subfolders, or just the files named in them (by inotify).
    func readChanged(only: SyncNamedFiles?, merge: (String, [UInt8], String) throws -> Void) throws -> [String] {
        var errors: [String] = []
        for desk in try desks(only: only?.subfolders) where desk != terminal.id && SyncFolder.isTerminalId(desk) {
            let directory = folder.subfolder(desk)
            for file in files(in: directory, named: only?.names(in: desk)) {
                if let seen = try database.syncFile(terminalId: desk, name: file.name),
                   seen.size == file.size, seen.mtime == file.mtime { continue }
                let path = directory + "/" + file.name
                var error: String?
                do {
                    guard file.kind == .file else { throw SyncError.badFile(path, "not a regular file") }
                    guard file.size <= maxBytes else { throw SyncError.badFile(path, "larger than \(maxBytes >> 20) MB") }
                    guard let data = folder.files.read(path, maxBytes: maxBytes) else { throw SyncError.badFile(path, "cannot be read") }
                    try merge(desk, data, path)
                } catch let bad as SyncError {
                    error = bad.description
                    errors.append(bad.description)
                }
                try database.noteSyncFile(SyncFileRecord(terminalId: desk, name: file.name, size: file.size, mtime: file.mtime,
                                                         readAt: clock.now().timeIntervalSince1970, error: error))
            }
        }
        return errors
    }

    /// The desks' subfolders, never followed through a symlink (a named one is looked at with lstat too).
    private func desks(only: Set<String>?) throws -> [String] {
        guard let only else { return try folder.entries(of: folder.path).filter { $0.kind == .directory }.map(\.name) }
        return only.sorted().filter { folder.entry(at: folder.subfolder($0))?.kind == .directory }
    }

    /// This kind's files in `directory`; `named`: only among these names (no listing).
    private func files(in directory: String, named: Set<String>?) -> [SyncFolder.Entry] {
        let candidates: [String]
        switch (names, named) {
        case (.one(let name), _): candidates = named.map { $0.contains(name) } ?? true ? [name] : []
        case (.matching(let accepts), let named?): candidates = named.filter(accepts).sorted()
        case (.matching(let accepts), nil): return (try? folder.entries(of: directory, including: accepts)) ?? []
        }
        return candidates.compactMap { folder.entry(at: directory + "/" + $0) }
    }
}
