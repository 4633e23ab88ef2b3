import Foundation

/// SUN tags' read counters through the sync folder, beside the member files: each desk writes its
/// own accepted reads to `sun-counters.json` in its subfolder (rewritten whole when they changed),
/// and merges the others' by maximum per tag and desk. So a read used at one desk is refused at
/// the others once the file has travelled; a replay admitted before then is found at the merge
/// (two desks accepted the same counter) and kept for `sync status`.
public struct SecureCounterSync: Sendable {
    public let database: AppDatabase
    public let terminal: TerminalIdentity
    public let folder: SyncFolder
    public let clock: any DeskClock

    public init(database: AppDatabase, terminal: TerminalIdentity, folder: SyncFolder, clock: any DeskClock = SystemClock()) {
        self.database = database
        self.terminal = terminal
        self.folder = folder
        self.clock = clock
    }

    public struct Report: Sendable, Equatable {
        public var merged = 0
        public var replaysFound: [SecureReplay] = []
        public var errors: [String] = []
    }

    /// Writes this desk's file, then merges the others' (`only`: just these desks' subfolders).
    public func pass(only: Set<String>? = nil) throws -> Report {
        var report = Report()
        try write()
        try read(only: only, into: &report)
        return report
    }

    private func write() throws {
        let own = try database.ownSecureCounters(terminalId: terminal.id)
        let path = folder.subfolder(terminal.id) + "/" + SecureCounterFile.fileName
        let held = FileManager.default.contents(atPath: path).map(Array.init)
        // A desk that never accepted a SUN read writes no file.
        guard !(own.isEmpty && held == nil) else { return }
        let bytes = SecureCounterFile.bytes(terminalId: terminal.id, own)
        guard held != bytes else { return }
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

    private func read(only: Set<String>?, into report: inout Report) throws {
        let desks = try only.map { $0.sorted() } ?? SyncFolder.entries(of: folder.path).filter { $0.kind == .directory }.map(\.name)
        for desk in desks where desk != terminal.id && SyncFolder.isTerminalId(desk) {
            let path = folder.subfolder(desk) + "/" + SecureCounterFile.fileName
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            let size = Int64(info.st_size)
            let mtime = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
            if let seen = try database.staffSyncFile(terminalId: desk, name: SecureCounterFile.fileName),
               seen.size == size, seen.mtime == mtime { continue }
            var error: String?
            do {
                guard info.st_mode & S_IFMT == S_IFREG else { throw SyncError.badFile(path, "not a regular file") }
                guard let data = FileManager.default.contents(atPath: path) else { throw SyncError.badFile(path, "cannot be read") }
                let entries = try SecureCounterFile.parse(Array(data), from: desk, path: path)
                let merged = try database.mergeSecureCounters(entries, at: clock.now().timeIntervalSince1970)
                report.merged += merged.changed
                report.replaysFound += merged.replays
            } catch let bad as SyncError {
                error = bad.description
                report.errors.append(bad.description)
            }
            try database.noteStaffSyncFile(terminalId: desk, name: SecureCounterFile.fileName, size: size, mtime: mtime, error: error)
        }
    }
}
