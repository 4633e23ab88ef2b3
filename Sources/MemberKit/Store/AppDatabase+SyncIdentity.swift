import Foundation
import GRDB

/// The terminal id as sync sees it: `sync reset-id`, and what `doctor` reads of it.
extension AppDatabase {
    /// Gives this terminal a new id, for a desk restored from a backup or cloned from another
    /// (two machines under one id). What it authored under the old id is signed again under the
    /// new one, as a version just after the old one (so it wins over that version everywhere, and
    /// over nothing newer); the old id's visit counters stay as they are. Its writer state is
    /// cleared, so it starts with a snapshot in a new subfolder, and the old id becomes another
    /// desk to read: what that subfolder holds beyond this database is merged back. Each field
    /// keeps its own stamp (the old id's edit stays that edit): only the member's stamp is signed
    /// again, so no field looks newly edited, and none beats or conflicts with another desk's edit.
    public func resetTerminalId(from old: String, to newId: String = UUID().uuidString) throws -> SyncResetReport {
        try write { store in
            let db = store.db
            try store.takeTerminalId(newId)
            let ids = try String.fetchAll(db, sql: "SELECT memberId FROM member WHERE modifiedBy = ?", arguments: [old])
            let update = try db.makeStatement(sql: "UPDATE member SET modifiedBy = ?, modifiedAt = ?, stamps = ? WHERE memberId = ?")
            for id in ids {
                guard var member = try store.member(memberId: id) else { continue }
                let rest = member.restStamp, edited = member.stamps?.edited ?? [:]
                member.modifiedAt = member.modifiedAt.nextUp
                member.modifiedBy = newId
                member.setStamps(rest: rest, edited: edited)
                try update.execute(arguments: [newId, member.modifiedAt, FieldStampsJSON.columnText(member.stamps), id])
            }
            try db.execute(sql: "INSERT OR IGNORE INTO sync_terminal(terminalId) VALUES (?)", arguments: [old])
            return SyncResetReport(oldTerminalId: old, newTerminalId: newId, resigned: ids.count)
        }
    }

    /// Why sync writing stopped in the database at `path` (nil: it did not), read-only, for `doctor`.
    public static func syncStopped(path: String) -> String? {
        var configuration = Configuration()
        configuration.readonly = true
        guard let queue = try? DatabaseQueue(path: path, configuration: configuration) else { return nil }
        defer { try? queue.close() }
        return try? queue.read { db in
            try db.tableExists("terminal_setting")
                ? String.fetchOne(db, sql: "SELECT value FROM terminal_setting WHERE key = 'sync.stopped'") : nil
        }
    }
}
