import Foundation
import GRDB

/// Backups and restores of a database file while other processes keep using it.
/// A backup is SQLite's online backup of one read transaction (never a file copy of a live WAL
/// database), written to a temporary file in the target's folder, checked with
/// `PRAGMA integrity_check`, and only then renamed into place, mode 0600.
extension AppDatabase {
    /// Writes a consistent copy of this database to `path` and returns what it holds.
    @discardableResult
    public func backup(to path: String) throws -> DatabaseSummary {
        try Self.writeChecked(to: path) { destination in try backup(into: destination) }
    }

    /// Checks that the file at `path` is an intact memberdesk database, and what it holds.
    public static func inspect(path: String) throws -> DatabaseSummary {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw DeskError.notFound("cannot read \(path)")
        }
        var configuration = Configuration()
        configuration.readonly = true
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            return try queue.read { db in try checkedSummary(db, path: path) }
        } catch let error as DatabaseError {
            throw DeskError.database("\(path): \(reason(error))")
        }
    }

    /// Swaps the database at `databasePath` for a checked copy of `source`, atomically: the
    /// current file is kept beside it (hard-linked as `keptPath`) and the copy renamed over it.
    /// The caller makes sure no other process has the database open. The new file gets the old
    /// one's owner, so a restore run by root leaves the service's database the service's.
    /// `renewIdentity`: the copy becomes a new desk before it takes the database's place
    /// (`renewIdentityAfterRestore`), so no process ever opens it under the id its earlier self
    /// synced with; `replacing` is the replaced database's id, when that one synced.
    @discardableResult
    public static func restore(from source: String, into databasePath: String, keeping keptPath: String,
                               renewIdentity: Bool = false, replacing: String? = nil) throws -> RestoredIdentity? {
        _ = try inspect(path: source)
        let fm = FileManager.default
        let current = try? fm.attributesOfItem(atPath: databasePath)
        if current != nil {
            // Fold the write-ahead log into the file, so the kept copy is whole on its own.
            if let pool = try? DatabaseQueue(path: databasePath) {
                _ = try? pool.writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
                try? pool.close()
            }
        }
        let staged = databasePath + ".restoring"
        unlink(staged)
        var renewed: RestoredIdentity?
        _ = try writeChecked(to: staged) { destination in
            var configuration = Configuration()
            configuration.readonly = true
            let queue = try DatabaseQueue(path: source, configuration: configuration)
            defer { try? queue.close() }
            try queue.backup(to: destination)
            if renewIdentity { renewed = try wrapping(destination).renewIdentityAfterRestore(replacing: replacing) }
        }
        if let owner = current?[.ownerAccountID] as? NSNumber, let group = current?[.groupOwnerAccountID] as? NSNumber,
           geteuid() == 0 {
            chown(staged, owner.uint32Value, group.uint32Value)
        }
        if current != nil {
            unlink(keptPath)
            guard link(databasePath, keptPath) == 0 else {
                let reason = String(cString: strerror(errno))
                unlink(staged)
                throw DeskError.io("cannot keep the current database as \(keptPath): \(reason)")
            }
        }
        guard rename(staged, databasePath) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(staged)
            throw DeskError.io("cannot replace \(databasePath): \(reason)")
        }
        // The old file's log and shared-memory index must not be read against the new file.
        unlink(databasePath + "-wal")
        unlink(databasePath + "-shm")
        syncFolder(of: databasePath)
        return renewed
    }

    /// Runs `copy` into a fresh temporary database beside `path`, checks it, renames it into place.
    private static func writeChecked(to path: String, _ copy: (DatabaseQueue) throws -> Void) throws -> DatabaseSummary {
        let url = URL(fileURLWithPath: path)
        var template = Array(url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).XXXXXX").path.utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }  // mode 0600
        guard descriptor >= 0 else {
            throw DeskError.io("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        let temporaryPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var kept = false
        defer {
            close(descriptor)
            if !kept { unlink(temporaryPath) }
        }
        let summary: DatabaseSummary
        do {
            let destination = try DatabaseQueue(path: temporaryPath)
            try copy(destination)
            // A backup is a single file: no write-ahead log beside it.
            try destination.writeWithoutTransaction { try $0.execute(sql: "PRAGMA journal_mode = DELETE") }
            summary = try destination.read { db in try checkedSummary(db, path: path) }
            try destination.close()
        } catch let error as DatabaseError {
            throw DeskError.database("cannot write \(path): \(reason(error))")
        }
        guard fsync(descriptor) == 0 else {
            throw DeskError.io("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        guard rename(temporaryPath, path) == 0 else {
            throw DeskError.io("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        kept = true
        syncFolder(of: path)
        return summary
    }

    /// The rows of `PRAGMA integrity_check` (or the faster `quick_check`) that are not "ok".
    static func integrityProblems(_ db: Database, quick: Bool = false) throws -> [String] {
        let rows = try String.fetchAll(db, sql: quick ? "PRAGMA quick_check" : "PRAGMA integrity_check")
        return rows == ["ok"] ? [] : rows
    }

    /// Checks integrity and that this is a memberdesk database, then counts what it holds.
    static func checkedSummary(_ db: Database, path: String) throws -> DatabaseSummary {
        let problems = try integrityProblems(db)
        if !problems.isEmpty {
            throw DeskError.database("\(path) is damaged: \(problems.prefix(3).joined(separator: "; "))")
        }
        guard try db.tableExists("grdb_migrations"), try db.tableExists("member"), try db.tableExists("visit") || db.viewExists("visit"),
              let schema = try String.fetchOne(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid DESC LIMIT 1")
        else {
            throw DeskError.invalidInput("\(path) is not a memberdesk database")
        }
        let members = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM member WHERE deletedAt IS NULL") ?? 0
        let visits = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM visit") ?? 0
        let newest = try Double.fetchOne(db, sql: "SELECT MAX(time) FROM visit").map { Date(timeIntervalSince1970: $0) }
        return DatabaseSummary(members: members, visits: visits, newestVisit: newest, schemaVersion: schema)
    }

    /// How the file at `path` stands, for `memberdesk doctor`: opened read-only, `PRAGMA quick_check`,
    /// and its schema against this program's.
    public static func health(path: String) throws -> DatabaseHealth {
        var configuration = Configuration()
        configuration.readonly = true
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            return try queue.read { db in
                let problems = try integrityProblems(db, quick: true)
                let applied = try db.tableExists("grdb_migrations")
                    ? try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") : []
                let known = migrator.migrations
                return DatabaseHealth(problems: problems, schemaVersion: applied.last, latestSchema: known.last ?? "",
                                      pendingMigrations: known.filter { !applied.contains($0) },
                                      unknownMigrations: applied.filter { !known.contains($0) })
            }
        } catch let error as DatabaseError {
            throw DeskError.database("\(path): \(reason(error))")
        }
    }

    /// Makes a rename durable across a power cut.
    static func syncFolder(of path: String) {
        let folder = Glibc.open(URL(fileURLWithPath: path).deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY)
        guard folder >= 0 else { return }
        fsync(folder)
        close(folder)
    }
}
