import Foundation
import GRDB

/// What folder sync reads and writes of operators and the audit record (`StaffSyncFile`, one of
/// `SideFileKinds.all`).
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
                // Stored as a tap reads it whatever the file's codec checked (`PassEntry`).
                version.card = version.card.map(PassEntry.stored)
                try store.saveStaff(version)
                changed += 1
            }
            return changed
        }
    }

    /// This desk's own entries after row `row`, oldest first, with the entries any desk carries
    /// (`AuditSyncFile.carriedByAnyDesk`): the rows (those of kinds this memberdesk does not know
    /// too) and the entries read from them.
    func ownAuditEntries(deskId: String, after row: Int64, limit: Int) throws -> OwnAuditRows {
        try read { store in
            let rows = try Int64.fetchAll(store.db.cachedStatement(sql: "SELECT id FROM audit WHERE \(StoreTransaction.writtenByDesk) AND id > ? ORDER BY id LIMIT ?"),
                                          arguments: [deskId, row, limit])
            guard let first = rows.first, let last = rows.last else { return OwnAuditRows(rows: [], entries: []) }
            return OwnAuditRows(rows: rows, entries: try store.auditEntries(rowsFrom: first, through: last, deskId: deskId))
        }
    }

    /// Every entry `deskId` wrote that this desk holds, in row order, but those any desk carries
    /// (its own audit files hold them): what its `audit-carried-DESK.jsonl` holds when it carries
    /// `deskId`; with how many merges added some so far (`carriedAuditMerges`), read at once.
    func carriedAuditEntries(of deskId: String) throws -> (entries: [AuditEntry], merges: Int) {
        try read { store in
            let entries = try Row.fetchAll(store.db, sql: "SELECT * FROM audit WHERE deskId = ? AND action NOT IN \(StoreTransaction.actionsAnyDeskCarries) ORDER BY id",
                                           arguments: [deskId]).compactMap(StoreTransaction.auditEntry)
            return (entries, Int(try store.setting(AuditFileSync.carriedMergesKey(deskId)) ?? "0") ?? 0)
        }
    }

    /// Whether `deskId`'s carried audit file lags what this desk merged of it: a merge added
    /// entries since the file was last written (a pass that died between the two included).
    func carriedAuditDue(_ deskId: String) throws -> Bool {
        try read { store in
            try store.setting(AuditFileSync.carriedMergesKey(deskId)) != store.setting(AuditFileSync.carriedWrittenKey(deskId))
        }
    }

    /// `deskId`'s carried audit file now holds what `merges` merges had added.
    func noteCarriedAuditWritten(_ deskId: String, merges: Int) throws {
        try write { store in try store.setSetting(AuditFileSync.carriedWrittenKey(deskId), String(merges)) }
    }

    /// The row through which `deskId`'s entries are written to `folder` (0: none yet, another
    /// folder or another id).
    func ownAuditMark(folder: String, deskId: String) throws -> Int64 {
        try read { store in try store.ownAuditMark(folder: folder, deskId: deskId) }
    }

    /// Moves the mark from `from` to `to` when nothing moved it meanwhile and (from, to] holds the
    /// `rows` own rows just written: an entry placed behind it since (a stepped clock, another
    /// process) leaves it where it is, and the writer reads again.
    func advanceOwnAuditMark(deskId: String, folder: String, from: Int64, to: Int64, rows: Int) throws -> Bool {
        try write { store in
            guard try store.ownAuditMark(folder: folder, deskId: deskId) == from else { return false }
            let held = try Int.fetchOne(store.db, sql: "SELECT COUNT(*) FROM audit WHERE id > ? AND id <= ? AND \(StoreTransaction.writtenByDesk)",
                                        arguments: [from, to, deskId])
            guard held == rows else { return false }
            try store.setSetting(AuditFileSync.folderKey, folder)
            try store.setSetting(AuditFileSync.throughKey, String(to))
            try store.setSetting(AuditFileSync.deskKey, deskId)
            return true
        }
    }

    /// Adds other desks' entries; one already held is left alone. Returns how many were new. An
    /// entry added of a desk in `carried` (those this desk took over) counts a merge for that
    /// desk's carried audit file in the same transaction (`carriedAuditDue`).
    func mergeAuditEntries(_ entries: [AuditEntry], carried: Set<String> = []) throws -> Int {
        try write { store in
            var added = 0, due: Set<String> = []
            for entry in entries where try store.appendAudit(entry) {
                added += 1
                if carried.contains(entry.deskId) { due.insert(entry.deskId) }
            }
            for desk in due {
                let merges = Int(try store.setting(AuditFileSync.carriedMergesKey(desk)) ?? "0") ?? 0
                try store.setSetting(AuditFileSync.carriedMergesKey(desk), String(merges + 1))
            }
            return added
        }
    }
}

/// A batch of this desk's own audit rows for the sync writer.
struct OwnAuditRows {
    var rows: [Int64]
    var entries: [(row: Int64, entry: AuditEntry)]
}

extension StoreTransaction {
    /// The rows a desk's audit files hold (one `?`: its id): its own, and the entries any desk carries.
    static let writtenByDesk = "(deskId = ? OR action IN \(actionsAnyDeskCarries))"
    /// `AuditSyncFile.carriedByAnyDesk` as an SQL list.
    static let actionsAnyDeskCarries = "(\(AuditSyncFile.carriedByAnyDesk.map { "'\($0.rawValue)'" }.sorted().joined(separator: ",")))"

    func ownAuditMark(folder: String, deskId: String) throws -> Int64 {
        guard try setting(AuditFileSync.folderKey) == folder, try setting(AuditFileSync.deskKey) == deskId else { return 0 }
        return Int64(try setting(AuditFileSync.throughKey) ?? "0") ?? 0
    }

    func auditEntries(rowsFrom first: Int64, through last: Int64, deskId: String) throws -> [(row: Int64, entry: AuditEntry)] {
        try Row.fetchAll(db, sql: "SELECT * FROM audit WHERE \(Self.writtenByDesk) AND id BETWEEN ? AND ? ORDER BY id",
                         arguments: [deskId, first, last]).compactMap { row in
            guard let entry = Self.auditEntry(row) else { return nil }
            return (row["id"], entry)
        }
    }
}
