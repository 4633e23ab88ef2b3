import Foundation
import GRDB

/// The one persistence type. It owns the GRDB writer, which nothing outside `Store/` sees: every
/// statement lives in an `AppDatabase+Topic.swift` file here, and only these files open transactions.
/// Files open as a WAL-mode `DatabasePool` with a busy timeout, so several processes
/// (the TUI, `memberdesk checkin`, a second terminal's import) can share one file.
public final class AppDatabase: Sendable {
    private let writer: any DatabaseWriter
    public let path: String?
    /// A file's checkpointer (nil in memory and read-only).
    private let checkpointer: WALCheckpointer?

    private init(writer: any DatabaseWriter, path: String?, checkpointer: WALCheckpointer? = nil) throws {
        self.writer = writer
        self.path = path
        self.checkpointer = checkpointer
        try Self.migrator.migrate(writer)
    }

    /// Every connection's settings, files and in-memory databases alike (tests run with production's).
    /// `checkpointer`: a file's writing connections checkpoint through it, off the write path.
    package static func configuration(readOnly: Bool = false, checkpointer: WALCheckpointer? = nil) -> Configuration {
        var config = Configuration()
        config.busyMode = .timeout(10)
        config.readonly = readOnly
        config.label = "memberdesk"
        config.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // A value deleted or overwritten (a member's erasure above all) is zeroed in the file, not left in free space.
            try db.execute(sql: "PRAGMA secure_delete = ON")
            let locale = try NameCollation.locale(of: db, environment: ProcessInfo.processInfo.environment)
            db.add(function: NameCollation(locale: locale).keyFunction)
            checkpointer?.install(on: db)
        }
        return config
    }

    /// Opens (and on first run creates, mode 0600) the database file at `path`. A database from an
    /// older memberdesk is upgraded first, even for a command that only reads; `onUpgrade` hears the
    /// member count before that starts (rebuilding the search index takes a while for large clubs).
    public static func open(path: String, readOnly: Bool = false,
                            onUpgrade: ((_ members: Int) -> Void)? = nil) throws -> AppDatabase {
        let url = URL(fileURLWithPath: path)
        let fm = FileManager.default
        let exists = fm.fileExists(atPath: path)
        if !exists {
            if readOnly { throw DeskError.database("no database at \(path)") }
            do {
                try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                                       attributes: [.posixPermissions: 0o700])
            } catch {
                throw DeskError.database("cannot create the folder for \(path): \(Self.reason(error))")
            }
            // Create the file ourselves so it is 0600 from its first byte.
            let fd = Foundation.open(path, O_CREAT | O_EXCL | O_WRONLY, 0o600)
            guard fd >= 0 else {
                throw DeskError.database("cannot create \(path): \(String(cString: strerror(errno)))")
            }
            close(fd)
        }
        let checkpointer = readOnly ? nil : WALCheckpointer(path: path)
        let config = configuration(readOnly: readOnly, checkpointer: checkpointer)
        do {
            let pool = try DatabasePool(path: path, configuration: config)
            checkpointer?.attach(writer: pool)
            if exists, try !pool.read(Self.migrator.hasCompletedMigrations) {
                if let onUpgrade {
                    let members: Int? = try? pool.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM member") ?? 0 }
                    onUpgrade(members ?? 0)
                }
                if readOnly {
                    // Only the upgrade writes; the command itself keeps its read-only connections.
                    try Self.migrator.migrate(DatabasePool(path: path, configuration: configuration(readOnly: false)))
                }
            }
            return try AppDatabase(writer: pool, path: path, checkpointer: checkpointer)  // migrates a writable pool; checks a read-only one
        } catch let error as DatabaseError {
            throw DeskError.database("cannot open \(path): \(Self.reason(error))")
        }
    }

    /// An in-memory database with production's settings, for tests.
    @_spi(Testing) public static func inMemory() throws -> AppDatabase {
        try AppDatabase(writer: inMemoryQueue(), path: nil)
    }

    /// A bare in-memory queue with production's settings, not yet migrated: tests that build an older
    /// schema migrate it part-way, fill it, then `wrapping` it.
    static func inMemoryQueue() throws -> DatabaseQueue {
        try DatabaseQueue(configuration: configuration())
    }

    /// Wraps a queue made by `inMemoryQueue()`, migrating it the rest of the way.
    static func wrapping(_ queue: DatabaseQueue) throws -> AppDatabase {
        try AppDatabase(writer: queue, path: nil)
    }

    /// A copy of this database's contents in memory, with the same settings (tests compare import orders on copies).
    func inMemoryCopy() throws -> AppDatabase {
        let copy = try Self.inMemoryQueue()
        try writer.backup(to: copy)
        return try AppDatabase(writer: copy, path: nil)
    }

    /// SQLite's online backup of one read transaction into `destination` (see AppDatabase+Backup).
    func backup(into destination: some DatabaseWriter) throws {
        try writer.backup(to: destination)
    }

    /// Starts a GRDB observation of this database (see `MemberCollection`).
    func start<Reducer: ValueReducer>(_ observation: ValueObservation<Reducer>, on queue: DispatchQueue,
                                      onError: @escaping @Sendable (Error) -> Void,
                                      onChange: @escaping @Sendable (Reducer.Value) -> Void) -> AnyDatabaseCancellable
    where Reducer.Value: Sendable {
        observation.start(in: writer, scheduling: .async(onQueue: queue), onError: onError, onChange: onChange)
    }

    /// Pages of write-ahead log this process's commits wrote (the bench's pages per tap); 0 in memory.
    @_spi(Testing) public var walPagesWritten: Int { checkpointer?.pagesWritten ?? 0 }
    /// Times a commit copied the log itself because the checkpointer fell behind (`WALCheckpointer`).
    @_spi(Testing) public var walBackstops: Int { checkpointer?.backstopCount ?? 0 }

    /// Whether this database was opened read-only (listing, stats).
    var isReadOnly: Bool { writer.configuration.readonly }

    /// The same, for callers outside the store (a read-only command does not prune the audit record).
    public var isReadOnlyOpen: Bool { isReadOnly }

    static func reason(_ error: Error) -> String {
        if let error = error as? DatabaseError {
            return StoreFailure(error.resultCode)?.message ?? error.message ?? "\(error.resultCode)"
        }
        if let error = error as? DeskError { return error.description }
        return (error as NSError).localizedDescription
    }

    /// Runs statements in one write transaction (IMMEDIATE), turning SQLite errors into one-line
    /// `DeskError`s. With `commit` false the transaction is rolled back: an import's preview.
    func write<T>(commit: Bool = true, _ updates: (StoreTransaction) throws -> T) throws -> T {
        do {
            return try writer.writeWithoutTransaction { db in
                var result: T?
                try db.inTransaction {
                    result = try updates(StoreTransaction(db: db))
                    return commit ? .commit : .rollback
                }
                return result!
            }
        } catch let error as DatabaseError {
            throw DeskError.database(Self.reason(error))
        }
    }

    /// SQLite's `PRAGMA data_version` on the writer's connection, outside any transaction: it
    /// changes when another connection (another process) commits, never for this one's own writes.
    public func otherConnectionsVersion() throws -> Int {
        do {
            return try writer.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
        } catch let error as DatabaseError {
            throw DeskError.database(Self.reason(error))
        }
    }

    /// Empties the write-ahead log into the database file and truncates it (after an erasure:
    /// the log's frames hold older versions of pages). A reader still holding them leaves it be.
    func checkpointTruncating() throws {
        do {
            try writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        } catch let error as DatabaseError {
            throw DeskError.database(Self.reason(error))
        }
    }

    /// Holds one read transaction's snapshot while `body` runs (tests: a long reader pins the log).
    @_spi(Testing) public func whileReading(_ body: () throws -> Void) throws {
        try read { store in
            _ = try Int.fetchOne(store.db, sql: "SELECT count(*) FROM terminal_setting")
            try body()
        }
    }

    /// Runs statements in one read transaction (a snapshot), turning SQLite errors into `DeskError`s.
    func read<T>(_ value: (StoreTransaction) throws -> T) throws -> T {
        do { return try writer.read { db in try value(StoreTransaction(db: db)) } } catch let error as DatabaseError {
            throw DeskError.database(Self.reason(error))
        }
    }
}
