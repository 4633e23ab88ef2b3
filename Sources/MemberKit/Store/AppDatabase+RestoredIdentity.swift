import Foundation
import GRDB

/// A database restored from a backup becomes a new desk, so that it never writes a change number,
/// a file name or a visit count its earlier self already used (docs/sync.md, "A restored desk").
extension AppDatabase {
    /// Gives this just-restored database a new terminal id (its name stays) and takes over its
    /// earlier selves: the backup's id, and `replaced` (the id of the database the restore
    /// replaced, when that one synced). Their subfolders are read like any other desk's, so what
    /// they wrote after the backup comes back; this desk's snapshots carry what they authored and
    /// counted; every desk counts them as retired. The backup holds every change its own id made
    /// up to its latest change number, so its files up to there need no reading.
    package func renewIdentityAfterRestore(replacing replaced: String?,
                                           to newId: String = UUID().uuidString) throws -> RestoredIdentity {
        try write { store in
            let old = try store.terminalId()
            let held = try store.latestChange()
            try store.takeTerminalId(newId)
            var earlier: [String] = []
            for (id, through) in [(old, held), (replaced, 0)] {
                guard let id, id != newId, !earlier.contains(id) else { continue }
                try store.takeOverEarlierSelf(id, heldThrough: through, by: newId)
                earlier.append(id)
            }
            return RestoredIdentity(oldTerminalId: old, newTerminalId: newId, earlierSelves: earlier)
        }
    }

    /// The terminal id of the database at `path` and whether it ever synced (a writer's mark, a
    /// desk read), opened read-only: what `restore` asks of the backup and of what it replaces.
    public static func syncHistory(path: String) -> (terminalId: String?, synced: Bool) {
        var configuration = Configuration()
        configuration.readonly = true
        guard let queue = try? DatabaseQueue(path: path, configuration: configuration) else { return (nil, false) }
        defer { try? queue.close() }
        let read = try? queue.read { db -> (String?, Bool) in
            guard try db.tableExists("terminal_setting") else { return (nil, false) }
            let id = try String.fetchOne(db, sql: "SELECT value FROM terminal_setting WHERE key = 'terminalId'")
            let marks = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM terminal_setting WHERE key LIKE 'sync.%')") ?? false
            let desks = try db.tableExists("sync_terminal")
                && (try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM sync_terminal)") ?? false)
            return (id, marks || desks)
        }
        return read ?? (nil, false)
    }
}

extension StoreTransaction {
    /// The one place the terminal id changes: the new id, and none of the marks of what this
    /// desk wrote under the old one (the `sync.` settings: the member writer's and the audit files').
    func takeTerminalId(_ id: String) throws {
        try db.execute(sql: """
            INSERT INTO terminal_setting(key, value) VALUES ('terminalId', ?)
            ON CONFLICT(key) DO UPDATE SET value = excluded.value
            """, arguments: [id])
        try db.execute(sql: "DELETE FROM terminal_setting WHERE key LIKE 'sync.%'")
    }

    /// `earlier` is retired, taken over by `taker` (a takeover already recorded is kept), and held
    /// up to `through`; the desks it had taken over are the taker's too, so that nothing they
    /// authored rests on the earlier self's snapshots alone.
    func takeOverEarlierSelf(_ earlier: String, heldThrough through: Int64, by taker: String) throws {
        try db.execute(sql: "INSERT OR IGNORE INTO sync_terminal(terminalId) VALUES (?)", arguments: [earlier])
        try db.execute(sql: """
            UPDATE sync_terminal SET coveredThrough = max(coveredThrough, ?1), retiredBy = coalesce(retiredBy, ?2),
                retiredThrough = max(retiredThrough, coveredThrough, ?1), lastError = NULL
            WHERE terminalId = ?3
            """, arguments: [through, taker, earlier])
        try db.execute(sql: "UPDATE sync_terminal SET retiredBy = ? WHERE retiredBy = ?", arguments: [taker, earlier])
    }
}
