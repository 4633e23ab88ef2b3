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

    private var file: DeskSideFile {
        DeskSideFile(database: database, terminal: terminal, folder: folder, name: SecureCounterFile.fileName, maxBytes: 64 << 20)
    }

    private func write() throws {
        let own = try database.ownSecureCounters(terminalId: terminal.id)
        // A desk that never accepted a SUN read writes no file.
        try file.write(SecureCounterFile.bytes(terminalId: terminal.id, own), nothingToSay: own.isEmpty)
    }

    private func read(only: Set<String>?, into report: inout Report) throws {
        let time = clock.now().timeIntervalSince1970
        let errors = try file.readChanged(only: only) { desk, bytes, path in
            let entries = try SecureCounterFile.parse(bytes, from: desk, path: path)
            let merged = try database.mergeSecureCounters(entries, at: time)
            report.merged += merged.changed
            report.replaysFound += merged.replays
        }
        report.errors += errors
    }
}
