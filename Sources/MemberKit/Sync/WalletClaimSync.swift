import Foundation

/// Phones' cryptogram claims through the sync folder, as the SUN counters travel: each desk writes
/// the claims it made and that are not yet expired to `wallet-claims.json` in its subfolder
/// (rewritten whole when they changed), and merges the others' by union. So a cryptogram read at
/// one desk is a replay at the others once the file has travelled; one read at two desks before
/// then is found at the merge and kept for `sync status`.
public struct WalletClaimSync: Sendable {
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
        public var replaysFound: [WalletReplay] = []
        public var errors: [String] = []
    }

    /// Writes this desk's file, then merges the others' (`only`: just these desks' subfolders).
    public func pass(only: Set<String>? = nil) throws -> Report {
        var report = Report()
        let now = clock.now().timeIntervalSince1970
        let file = DeskSideFile(database: database, terminal: terminal, folder: folder, name: WalletClaimFile.fileName,
                                maxBytes: WalletClaimFile.maxBytes)
        let own = try database.ownWalletClaims(terminalId: terminal.id, now: now, limit: WalletClaimFile.maxClaims)
        // A desk that never read a phone writes no file; one whose claims all expired writes an empty one.
        try file.write(WalletClaimFile.bytes(terminalId: terminal.id, own), nothingToSay: own.isEmpty)
        let errors = try file.readChanged(only: only) { desk, bytes, path in
            let merged = try database.mergeWalletClaims(WalletClaimFile.parse(bytes, from: desk, path: path), at: now)
            report.merged += merged.changed
            report.replaysFound += merged.replays
        }
        report.errors += errors
        return report
    }
}
