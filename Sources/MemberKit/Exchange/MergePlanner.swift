import Foundation
import GRDB

/// Where an import reads from: a file, or bytes already in memory (tests, the TUI's paste).
public enum MergeSource: Sendable {
    case file(path: String, format: ExchangeFormat)
    case bytes([UInt8], format: ExchangeFormat, name: String)

    public var name: String {
        switch self {
        case .file(let path, _): return path
        case .bytes(_, _, let name): return name
        }
    }

    func decoder() throws -> any MemberFileDecoder {
        switch self {
        case .file(let path, let format): return try format.decoder(path: path)
        case .bytes(let bytes, let format, let name): return format.decoder(bytes: bytes, name: name)
        }
    }
}

/// The preview of an import: what applying it would do. ClubKit's didReceiveImported, before
/// merge(importedUsers:): show it, ask, then `apply()`.
public struct MergePlan: Sendable {
    public let source: MergeSource
    public let counts: MergeCounts
    /// The first `changeLimit` changes (new, updated, deleted and unified members), in file order.
    public let changes: [MergeChange]
    public let changesTruncated: Bool
    let applier: MergeApplier

    /// True when applying would change nothing.
    public var isEmpty: Bool { counts.new + counts.updated + counts.unified + counts.deleted == 0 }

    /// Applies the import in one transaction and publishes `.imported`. The file is read again,
    /// so the counts are those of the database as it is now.
    @discardableResult
    public func apply(progress: ((Int, Int?) -> Void)? = nil) throws -> ImportNotice {
        try applier.apply(source, progress: progress).notice
    }
}

/// Computes an import's preview without writing: it merges inside a transaction and rolls it back.
public struct MergePlanner: Sendable {
    /// Planning is the applier's merge run with the commit left out.
    let applier: MergeApplier

    public init(database: AppDatabase, bus: EventBus? = nil, changeLimit: Int = 1000, terminalId: String? = nil,
                clock: any DeskClock = SystemClock()) {
        applier = MergeApplier(database: database, bus: bus, changeLimit: changeLimit, terminalId: terminalId, clock: clock)
    }

    /// The preview of importing `file`, in `format` or else the one its extension names.
    public func plan(file: String, format: ExchangeFormat? = nil, progress: ((Int, Int?) -> Void)? = nil) throws -> MergePlan {
        let chosen: ExchangeFormat
        do {
            chosen = try ExchangeFormat(path: file, override: format)
        } catch {
            MergeApplier.report(error, on: applier.bus)
            throw error
        }
        return try plan(.file(path: file, format: chosen), progress: progress)
    }

    public func plan(_ source: MergeSource, progress: ((Int, Int?) -> Void)? = nil) throws -> MergePlan {
        let outcome = try applier.run(source, commit: false, progress: progress)
        return MergePlan(source: source, counts: outcome.counts, changes: outcome.changes,
                         changesTruncated: outcome.changesTruncated, applier: applier)
    }
}

/// Applies an import: the whole file is merged in one transaction, so a bad element, a crash or
/// a kill -9 part-way leaves the database as it was.
public struct MergeApplier: Sendable {
    public let database: AppDatabase
    public let bus: EventBus?
    public let changeLimit: Int
    /// Who signs a spreadsheet edit found in the file (nil: the terminal id stored in the database).
    public let terminalId: String?
    public let clock: any DeskClock

    public init(database: AppDatabase, bus: EventBus? = nil, changeLimit: Int = 1000, terminalId: String? = nil,
                clock: any DeskClock = SystemClock()) {
        self.database = database
        self.bus = bus
        self.changeLimit = changeLimit
        self.terminalId = terminalId
        self.clock = clock
    }

    public struct Outcome: Sendable {
        public var counts: MergeCounts
        public var changes: [MergeChange]
        public var changesTruncated: Bool
        public var notice: ImportNotice
    }

    /// Merges `source` and commits; publishes `.imported` (or `.error`).
    @discardableResult
    public func apply(_ source: MergeSource, progress: ((Int, Int?) -> Void)? = nil) throws -> Outcome {
        let outcome = try run(source, commit: true, progress: progress)
        bus?.publish(.imported(outcome.notice))
        return outcome
    }

    func run(_ source: MergeSource, commit: Bool, progress: ((Int, Int?) -> Void)?) throws -> Outcome {
        do {
            let decoder = try source.decoder()
            return try database.writer.writeWithoutTransaction { db in
                var outcome: Outcome?
                try db.inTransaction(.immediate) {
                    let editor = try terminalId
                        ?? String.fetchOne(db, sql: "SELECT value FROM terminal_setting WHERE key = 'terminalId'") ?? "import"
                    var engine = MergeEngine(db: db, changeLimit: changeLimit,
                                             editor: (editor, clock.now().timeIntervalSince1970))
                    var count = 0
                    while let member = try decoder.next() {
                        try engine.merge(member)
                        count += 1
                        if count % 10_000 == 0 { progress?(decoder.bytesRead, decoder.totalBytes) }
                    }
                    progress?(decoder.bytesRead, decoder.totalBytes)
                    let c = engine.counts
                    outcome = Outcome(counts: c, changes: engine.changes, changesTruncated: engine.changesTruncated,
                                      notice: ImportNotice(file: source.name, new: c.new, updated: c.updated,
                                                           unchanged: c.unchanged, unified: c.unified, deleted: c.deleted))
                    return commit ? .commit : .rollback
                }
                return outcome!
            }
        } catch let error as DatabaseError {
            let failure = DeskError.database(AppDatabase.reason(error))
            Self.report(failure, on: bus)
            throw failure
        } catch {
            Self.report(error, on: bus)
            throw error
        }
    }

    static func report(_ error: Error, on bus: EventBus?) {
        let message = (error as? LocalizedError)?.errorDescription ?? "\(error)"
        bus?.publish(.error(DeskErrorNotice(source: "import", message: message)))
    }
}
