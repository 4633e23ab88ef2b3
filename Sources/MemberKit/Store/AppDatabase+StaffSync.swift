import Foundation
import GRDB

/// What folder sync reads and writes of operators and the audit record (see `StaffSync`).
extension AppDatabase {
    /// The audit files' marks were `syncAuditFolder`/`syncAuditThrough`, beside the `sync.` keys
    /// that `sync reset-id` clears; they join them (`AuditFileSync.folderKey`, `throughKey`).
    static func registerAuditSyncKeys(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v15-folder-audit-sync-keys") { db in
            try db.execute(sql: """
                UPDATE terminal_setting SET key = 'sync.auditFolder' WHERE key = 'syncAuditFolder';
                UPDATE terminal_setting SET key = 'sync.auditThrough' WHERE key = 'syncAuditThrough';
                """)
        }
    }

    /// The operator versions this desk wrote (tombstones included): what its staff.json holds.
    func ownStaffVersions(terminalId: String) throws -> [StaffAccount] {
        try read { store in try store.staffAccounts(includingRemoved: true).filter { $0.modifiedBy == terminalId } }
    }

    /// Merges other desks' versions: per name, the later (stamp, desk) wins, everywhere alike.
    /// Returns how many changed here. Sign-in times stay this desk's own.
    func mergeStaffVersions(_ versions: [StaffAccount]) throws -> Int {
        try write { store in
            var changed = 0
            for var version in versions {
                let held = try store.staffAccount(named: version.name)
                guard held.map({ version.supersedes($0) }) ?? true else { continue }
                version.lastSignInAt = held?.lastSignInAt
                try store.saveStaff(version)
                changed += 1
            }
            return changed
        }
    }

    /// This desk's own audit entries after row `row`, oldest first, with their row numbers.
    func ownAuditEntries(deskId: String, after row: Int64, limit: Int) throws -> [(row: Int64, entry: AuditEntry)] {
        try read { store in
            let rows = try Int64.fetchAll(store.db, sql: "SELECT id FROM audit WHERE deskId = ? AND id > ? ORDER BY id LIMIT ?",
                                          arguments: [deskId, row, limit])
            guard let first = rows.first, let last = rows.last else { return [] }
            let entries = try store.auditEntries(rowsFrom: first, through: last, deskId: deskId)
            return entries
        }
    }

    /// Adds other desks' entries; one already held is left alone. Returns how many were new.
    func mergeAuditEntries(_ entries: [AuditEntry]) throws -> Int {
        try write { store in
            var added = 0
            for entry in entries {
                try store.appendAudit(entry)
                added += store.db.changesCount
            }
            return added
        }
    }

    /// A staff or audit file of another desk as last merged: (size, mtime), nil if never.
    func staffSyncFile(terminalId: String, name: String) throws -> (size: Int64, mtime: Double, error: String?)? {
        try read { store in
            try Row.fetchOne(store.db, sql: "SELECT size, mtime, error FROM staff_sync_file WHERE terminalId = ? AND name = ?",
                             arguments: [terminalId, name]).map { ($0["size"], $0["mtime"], $0["error"]) }
        }
    }

    func noteStaffSyncFile(terminalId: String, name: String, size: Int64, mtime: Double, error: String?) throws {
        try write { store in
            try store.db.execute(sql: """
                INSERT INTO staff_sync_file(terminalId, name, size, mtime, error) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT(terminalId, name) DO UPDATE SET size = excluded.size, mtime = excluded.mtime, error = excluded.error
                """, arguments: [terminalId, name, size, mtime, error])
        }
    }
}

extension StoreTransaction {
    func auditEntries(rowsFrom first: Int64, through last: Int64, deskId: String) throws -> [(row: Int64, entry: AuditEntry)] {
        try Row.fetchAll(db, sql: "SELECT * FROM audit WHERE deskId = ? AND id BETWEEN ? AND ? ORDER BY id",
                         arguments: [deskId, first, last]).compactMap { row in
            guard let entry = Self.auditEntry(row) else { return nil }
            return (row["id"], entry)
        }
    }
}
