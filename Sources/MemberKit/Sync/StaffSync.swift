import Foundation

/// Operators and the audit record through the sync folder, beside the member files: each desk
/// writes, in its own subfolder, `staff.json` (the operator versions it wrote) and `audit-*.jsonl`
/// files (its own entries, in row order); it reads the others' and merges them by law: operators
/// per name by the later (stamp, desk), audit entries only ever added.
public struct StaffSync: Sendable {
    public let database: AppDatabase
    public let terminal: TerminalIdentity
    public let folder: SyncFolder
    /// A desk's audit files are folded into one when there are more than this many.
    static let auditFilesKept = 64
    static let auditBatch = 50_000

    public init(database: AppDatabase, terminal: TerminalIdentity, folder: SyncFolder) {
        self.database = database
        self.terminal = terminal
        self.folder = folder
    }

    public struct Report: Sendable, Equatable {
        public var staffChanged = 0
        public var auditAdded = 0
        public var auditWritten = 0
        public var errors: [String] = []
    }

    /// Writes this desk's files, then merges the others' (`only`: just these desks' subfolders,
    /// those inotify named, as `SyncReader` does: a pass then lists nothing else). Bad files are
    /// reported once each, never thrown.
    public func pass(only: Set<String>? = nil) throws -> Report {
        var report = Report()
        try write(into: &report)
        try read(only: only, into: &report)
        return report
    }

    // MARK: Writing

    private func write(into report: inout Report) throws {
        try folder.checkUsable()
        let directory = folder.subfolder(terminal.id)
        if mkdir(directory, 0o700) != 0, errno != EEXIST {
            throw SyncError.folderUnusable(directory, String(cString: strerror(errno)))
        }
        let staffPath = directory + "/" + StaffSyncFile.fileName
        let versions = try database.ownStaffVersions(terminalId: terminal.id)
        let staff = StaffSyncFile.bytes(terminalId: terminal.id, versions)
        let held = FileManager.default.contents(atPath: staffPath).map(Array.init)
        // A desk that never wrote an operator writes no staff file.
        if held != staff, !(versions.isEmpty && held == nil) {
            try writeFile(staffPath, staff)
        }
        // Through which row this desk's entries are in the folder (a new folder starts over).
        let folderKey = "syncAuditFolder", throughKey = "syncAuditThrough"
        var through = try database.setting(folderKey) == folder.path ? Int64(try database.setting(throughKey) ?? "0") ?? 0 : 0
        while true {
            let batch = try database.ownAuditEntries(deskId: terminal.id, after: through, limit: Self.auditBatch)
            guard let first = batch.first?.row, let last = batch.last?.row else { break }
            try writeFile(directory + "/" + AuditSyncFile.name(first: first, last: last), AuditSyncFile.bytes(batch.map(\.entry)))
            through = last
            report.auditWritten += batch.count
            try database.setSetting(folderKey, folder.path)
            try database.setSetting(throughKey, String(through))
        }
        // Only a pass that wrote an audit file lists the subfolder: a tap's pass never does.
        if report.auditWritten > 0 { try foldAuditFiles(in: directory, through: through) }
    }

    /// Many small files become one: the desk's whole record so far, then the small ones go.
    private func foldAuditFiles(in directory: String, through: Int64) throws {
        let own = try SyncFolder.entries(of: directory).filter { AuditSyncFile.range(ofName: $0.name) != nil }
        guard own.count > Self.auditFilesKept, through > 0 else { return }
        let all = try database.ownAuditEntries(deskId: terminal.id, after: 0, limit: Int.max)
        guard let first = all.first?.row else { return }
        let name = AuditSyncFile.name(first: first, last: through)
        try writeFile(directory + "/" + name, AuditSyncFile.bytes(all.filter { $0.row <= through }.map(\.entry)))
        for entry in own where entry.name != name { unlink(directory + "/" + entry.name) }
    }

    private func writeFile(_ path: String, _ bytes: [UInt8]) throws {
        let file = try AtomicFileWriter(path: path, syncthingTemporary: true)
        do {
            try file.write(bytes)
            try file.commit()
        } catch {
            file.discard()
            throw error
        }
    }

    // MARK: Reading

    private func read(only: Set<String>?, into report: inout Report) throws {
        // Subfolders only, never followed through a symlink (a named one is looked at with lstat too).
        let desks = try only.map { names in
            names.sorted().filter { name in
                var info = stat()
                return lstat(folder.subfolder(name), &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
            }
        } ?? SyncFolder.entries(of: folder.path).filter { $0.kind == .directory }.map(\.name)
        for desk in desks where desk != terminal.id && SyncFolder.isTerminalId(desk) {
            let directory = folder.subfolder(desk)
            let ours = { (name: String) in name == StaffSyncFile.fileName || AuditSyncFile.range(ofName: name) != nil }
            guard let files = try? SyncFolder.entries(of: directory, including: ours) else { continue }
            for file in files {
                if let seen = try database.staffSyncFile(terminalId: desk, name: file.name),
                   seen.size == file.size, seen.mtime == file.mtime { continue }
                let path = directory + "/" + file.name
                var error: String?
                do {
                    guard file.kind == .file else { throw SyncError.badFile(path, "not a regular file") }
                    guard file.size <= 256 << 20 else { throw SyncError.badFile(path, "larger than 256 MB") }
                    guard let data = FileManager.default.contents(atPath: path) else { throw SyncError.badFile(path, "cannot be read") }
                    if file.name == StaffSyncFile.fileName {
                        report.staffChanged += try database.mergeStaffVersions(StaffSyncFile.parse(Array(data), from: desk, path: path))
                    } else {
                        report.auditAdded += try database.mergeAuditEntries(AuditSyncFile.parse(Array(data), from: desk, path: path))
                    }
                } catch let bad as SyncError {
                    error = bad.description
                    report.errors.append(bad.description)
                }
                try database.noteStaffSyncFile(terminalId: desk, name: file.name, size: file.size, mtime: file.mtime, error: error)
            }
        }
    }
}
