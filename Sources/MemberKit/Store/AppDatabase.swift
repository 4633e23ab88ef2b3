import Foundation
import GRDB

/// The one persistence type: it owns the `DatabaseWriter` and its migrations.
/// Files open as a WAL-mode `DatabasePool` with a busy timeout, so several processes
/// (the TUI, `memberdesk checkin`, a second terminal's import) can share one file.
public final class AppDatabase: Sendable {
    public let writer: any DatabaseWriter
    public let path: String?

    init(writer: any DatabaseWriter, path: String?) throws {
        self.writer = writer
        self.path = path
        try Self.migrator.migrate(writer)
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
        var config = Configuration()
        config.busyMode = .timeout(10)
        config.readonly = readOnly
        config.label = "memberdesk"
        config.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        do {
            let pool = try DatabasePool(path: path, configuration: config)
            if exists, try !pool.read(Self.migrator.hasCompletedMigrations) {
                if let onUpgrade {
                    let members: Int? = try? pool.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM member") ?? 0 }
                    onUpgrade(members ?? 0)
                }
                if readOnly {
                    // Only the upgrade writes; the command itself keeps its read-only connections.
                    var writable = config
                    writable.readonly = false
                    try Self.migrator.migrate(DatabasePool(path: path, configuration: writable))
                }
            }
            return try AppDatabase(writer: pool, path: path)  // migrates a writable pool; checks a read-only one
        } catch let error as DatabaseError {
            throw DeskError.database("cannot open \(path): \(Self.reason(error))")
        }
    }

    /// An in-memory database, for tests.
    public static func inMemory() throws -> AppDatabase {
        try AppDatabase(writer: DatabaseQueue(), path: nil)
    }

    static func reason(_ error: Error) -> String {
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_READONLY: return "the database is read-only"
            case .SQLITE_CANTOPEN: return "cannot open the file (check the path and permissions)"
            case .SQLITE_NOTADB: return "the file is not a memberdesk database"
            case .SQLITE_CORRUPT: return "the database file is corrupt"
            case .SQLITE_BUSY, .SQLITE_LOCKED: return "the database is busy"
            case .SQLITE_FULL: return "the disk is full"
            default: return error.message ?? "\(error.resultCode)"
            }
        }
        if let error = error as? DeskError { return error.description }
        return (error as NSError).localizedDescription
    }

    /// Runs a write, turning SQLite errors into one-line `DeskError`s.
    public func write<T>(_ updates: (Database) throws -> T) throws -> T {
        do { return try writer.write(updates) } catch let error as DatabaseError {
            throw DeskError.database(Self.reason(error))
        }
    }

    public func read<T>(_ value: (Database) throws -> T) throws -> T {
        do { return try writer.read(value) } catch let error as DatabaseError {
            throw DeskError.database(Self.reason(error))
        }
    }
}

extension AppDatabase {
    /// Wraps an existing writer (for example an in-memory copy made with GRDB's backup), migrating it.
    public static func wrapping(_ writer: any DatabaseWriter) throws -> AppDatabase {
        try AppDatabase(writer: writer, path: nil)
    }
}
