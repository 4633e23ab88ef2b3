import Foundation

/// One small file per desk beside the member files, holding state that merges by law (SUN
/// counters, phones' claims): this desk's own is rewritten whole when its bytes change; the
/// others' are read only when their size or time changed since the last read, and a bad one is
/// recorded with its one-line error and read again only once it changes.
struct DeskSideFile {
    let database: AppDatabase
    let terminal: TerminalIdentity
    let folder: SyncFolder
    let name: String
    /// A file larger than this is refused before it is read.
    let maxBytes: Int

    /// Writes `bytes` as this desk's file unless it holds them already. `nothingToSay`: a desk
    /// that never had anything to write writes no file at all.
    func write(_ bytes: [UInt8], nothingToSay: Bool) throws {
        let path = folder.subfolder(terminal.id) + "/" + name
        let held = FileManager.default.contents(atPath: path).map(Array.init)
        guard !(nothingToSay && held == nil), held != bytes else { return }
        try folder.checkUsable()
        let directory = folder.subfolder(terminal.id)
        if mkdir(directory, 0o700) != 0, errno != EEXIST {
            throw SyncError.folderUnusable(directory, String(cString: strerror(errno)))
        }
        let file = try AtomicFileWriter(path: path, syncthingTemporary: true)
        do {
            try file.write(bytes)
            try file.commit()
        } catch {
            file.discard()
            throw error
        }
    }

    /// Hands each other desk's file that changed since it was last read to `merge` (desk, bytes,
    /// path); a `SyncError` it throws is that file's error. Returns the errors found this time.
    /// `only`: just these desks' subfolders.
    func readChanged(only: Set<String>?, merge: (String, [UInt8], String) throws -> Void) throws -> [String] {
        var errors: [String] = []
        let desks = try only.map { $0.sorted() } ?? SyncFolder.entries(of: folder.path).filter { $0.kind == .directory }.map(\.name)
        for desk in desks where desk != terminal.id && SyncFolder.isTerminalId(desk) {
            let path = folder.subfolder(desk) + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            let size = Int64(info.st_size)
            let mtime = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
            if let seen = try database.staffSyncFile(terminalId: desk, name: name), seen.size == size, seen.mtime == mtime { continue }
            var error: String?
            do {
                guard info.st_mode & S_IFMT == S_IFREG else { throw SyncError.badFile(path, "not a regular file") }
                guard size <= maxBytes else { throw SyncError.badFile(path, "larger than \(maxBytes >> 20) MB") }
                guard let data = FileManager.default.contents(atPath: path) else { throw SyncError.badFile(path, "cannot be read") }
                try merge(desk, Array(data), path)
            } catch let bad as SyncError {
                error = bad.description
                errors.append(bad.description)
            }
            try database.noteStaffSyncFile(terminalId: desk, name: name, size: size, mtime: mtime, error: error)
        }
        return errors
    }
}
