import Foundation

/// State that travels beside the member files, one small file per desk, and merges by law (see
/// `DeskSideFile`): what each kind says is its file, how this desk's own is made, and how another
/// desk's is merged (with what the merge found read at two desks).
protocol SideFileState: SideFileKind, Sendable {
    static var fileName: String { get }
    static var maxBytes: Int { get }
    /// This desk's file, with the entries of the desks it carries (`carrying`: those it took over);
    /// `nothingToSay`: it never had anything to write, so it writes no file.
    static func own(_ database: AppDatabase, terminalId: String, carrying: [String],
                    at now: Double) throws -> (bytes: [UInt8], nothingToSay: Bool)
    static func merge(_ bytes: [UInt8], from desk: String, path: String, into database: AppDatabase,
                      at now: Double) throws -> (changed: Int, found: [SideFileFinding])
}

extension SideFileState {
    static var reportKey: String { fileName }

    /// What `own` writes: this desk's entries, and by desk those of the desks it carries that hold any.
    static func entries<Entry>(of terminalId: String, carrying: [String],
                               _ held: (String) throws -> [Entry]) rethrows -> (own: [Entry], carried: [String: [Entry]]) {
        (try held(terminalId), try Dictionary(uniqueKeysWithValues: carrying.map { ($0, try held($0)) }).filter { !$0.value.isEmpty })
    }

    static func pass(database: AppDatabase, terminal: TerminalIdentity, folder: SyncFolder, clock: any DeskClock,
                     only: SyncNamedFiles?, write: Bool) throws -> SideFileReport {
        try SideFileSync<Self>(database: database, terminal: terminal, folder: folder, clock: clock).pass(only: only, write: write)
    }
}

/// One pass of a side file: this desk's file written (rewritten whole when it changed), then the
/// others' that changed merged (`only`: just these desks' subfolders, or the files named in them).
struct SideFileSync<State: SideFileState>: Sendable {
    let database: AppDatabase
    let terminal: TerminalIdentity
    let folder: SyncFolder
    let clock: any DeskClock

    init(database: AppDatabase, terminal: TerminalIdentity, folder: SyncFolder, clock: any DeskClock) {
        self.database = database
        self.terminal = terminal
        self.folder = folder
        self.clock = clock
    }

    /// `write` false: this desk's file is left as it is (its writing stopped, see `DeskSync.pass`).
    func pass(only: SyncNamedFiles? = nil, write: Bool = true) throws -> SideFileReport {
        var report = SideFileReport()
        let now = clock.now().timeIntervalSince1970
        let file = DeskSideFile(database: database, terminal: terminal, folder: folder, names: .one(State.fileName),
                                maxBytes: State.maxBytes, clock: clock)
        if write {
            let own = try State.own(database, terminalId: terminal.id, carrying: try database.carriedDesks(by: terminal.id), at: now)
            try file.write(own.bytes, nothingToSay: own.nothingToSay)
        }
        report.errors += try file.readChanged(only: only) { desk, bytes, path in
            let merged = try State.merge(bytes, from: desk, path: path, into: database, at: now)
            report.merged += merged.changed
            report.found += merged.found
        }
        return report
    }
}

/// SUN tags' read counters: each desk writes its own accepted reads to `sun-counters.json`, and
/// merges the others' by maximum per tag and desk. So a read used at one desk is refused at the
/// others once the file has travelled; a replay admitted before then is found at the merge (two
/// desks accepted the same counter) and kept for `sync status`.
enum SecureCounterState: SideFileState {
    static let fileName = SecureCounterFile.fileName
    static let maxBytes = 64 << 20

    static func own(_ database: AppDatabase, terminalId: String, carrying: [String],
                    at now: Double) throws -> (bytes: [UInt8], nothingToSay: Bool) {
        let (own, carried) = try entries(of: terminalId, carrying: carrying) { try database.ownSecureCounters(terminalId: $0) }
        // A desk that never accepted a SUN read (nor carries one) writes no file.
        return (SecureCounterFile.bytes(terminalId: terminalId, own, carried: carried), own.isEmpty && carried.isEmpty)
    }

    static func merge(_ bytes: [UInt8], from desk: String, path: String, into database: AppDatabase,
                      at now: Double) throws -> (changed: Int, found: [SideFileFinding]) {
        let merged = try database.mergeSecureCounters(SecureCounterFile.parse(bytes, from: desk, path: path), at: now)
        return (merged.changed, merged.replays.map(SideFileFinding.secureReplay))
    }
}

/// Phones' cryptogram claims: each desk writes the claims it made and that are not yet expired to
/// `wallet-claims.json`, and merges the others' by union. So a cryptogram read at one desk is a
/// replay at the others once the file has travelled; one read at two desks before then is found
/// at the merge and kept for `sync status`.
enum WalletClaimState: SideFileState {
    static let fileName = WalletClaimFile.fileName
    static let maxBytes = WalletClaimFile.maxBytes

    static func own(_ database: AppDatabase, terminalId: String, carrying: [String],
                    at now: Double) throws -> (bytes: [UInt8], nothingToSay: Bool) {
        let (own, carried) = try entries(of: terminalId, carrying: carrying) {
            try database.ownWalletClaims(terminalId: $0, now: now, limit: WalletClaimFile.maxClaims)
        }
        // A desk that never read a phone (nor carries a claim) writes no file; one whose claims all expired writes an empty one.
        return (WalletClaimFile.bytes(terminalId: terminalId, own, carried: carried), own.isEmpty && carried.isEmpty)
    }

    static func merge(_ bytes: [UInt8], from desk: String, path: String, into database: AppDatabase,
                      at now: Double) throws -> (changed: Int, found: [SideFileFinding]) {
        let merged = try database.mergeWalletClaims(WalletClaimFile.parse(bytes, from: desk, path: path), at: now)
        return (merged.changed, merged.replays.map(SideFileFinding.walletReplay))
    }
}

typealias SecureCounterSync = SideFileSync<SecureCounterState>
typealias WalletClaimSync = SideFileSync<WalletClaimState>
