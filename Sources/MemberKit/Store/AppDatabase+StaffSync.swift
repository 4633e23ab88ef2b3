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
        // Side files (staff.json, audit files, SUN counters, wallet claims) had a seen-table of
        // their own; they join the member files' (`sync_file`), so one table says what was read.
        migrator.registerMigration("v15-lead-one-seen-table") { db in
            try db.execute(sql: """
                INSERT OR IGNORE INTO sync_file(terminalId, name, size, mtime, readAt, error)
                SELECT terminalId, name, size, mtime, mtime, error FROM staff_sync_file;
                DROP TABLE staff_sync_file;
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
            let rows = try Int64.fetchAll(store.db.cachedStatement(sql: "SELECT id FROM audit WHERE deskId = ? AND id > ? ORDER BY id LIMIT ?"),
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
