import GRDB

extension AppDatabase {
    /// The record's rows are numbered by their millisecond (`AuditRowId`), and `audit_time_entry`
    /// goes: it was a second b-tree in every tap's commit (1.4 of its 21.4 WAL pages, the
    /// record's own rows 1.1), and the row numbers now do its work. The table is built again in
    /// time order, and the sync writer's mark, a row number, moves to the new numbers: below the
    /// first of this desk's entries not yet written (an entry written twice is added once where
    /// it is read), else to the last of its entries.
    static func registerAuditRowsInTime(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v18-audit-rows-in-time") { db in
            try db.execute(sql: """
                CREATE TABLE audit_new (
                    id INTEGER PRIMARY KEY,                      -- AuditRowId: the millisecond, then the place in it
                    entryId TEXT NOT NULL,
                    time REAL NOT NULL,
                    deskId TEXT NOT NULL,
                    desk TEXT NOT NULL,
                    operator TEXT,
                    method TEXT NOT NULL,
                    action TEXT NOT NULL,
                    memberId TEXT,
                    detail TEXT NOT NULL DEFAULT '{}'
                )
                """)
            let ownId = try String.fetchOne(db, sql: "SELECT value FROM terminal_setting WHERE key = 'terminalId'")
            let mark = try String.fetchOne(db, sql: "SELECT value FROM terminal_setting WHERE key = ?",
                                           arguments: [AuditFileSync.throughKey]).flatMap { Int64($0) }
            let copy = try db.makeStatement(sql: """
                INSERT INTO audit_new(id, entryId, time, deskId, desk, operator, method, action, memberId, detail)
                SELECT ?, entryId, time, deskId, desk, operator, method, action, memberId, detail FROM audit WHERE id = ?
                """)
            var next: (first: Int64, id: Int64)?
            var firstUnwritten: Int64?, lastWritten: Int64?
            let rows = try Row.fetchCursor(db, sql: "SELECT id, time, deskId FROM audit ORDER BY time, id")
            while let row = try rows.next() {
                let old: Int64 = row["id"], time: Double = row["time"]
                let first = AuditRowId.first(at: time)
                let id = next.map { $0.first == first ? $0.id : first } ?? first
                guard id <= AuditRowId.last(at: time) else {
                    throw DeskError.database("more than \(AuditRowId.perMillisecond) audit entries in one millisecond (\(time))")
                }
                next = (first, id + 1)
                try copy.execute(arguments: [id, old])
                guard let mark, row["deskId"] == ownId else { continue }
                if old > mark { firstUnwritten = min(firstUnwritten ?? id, id) } else { lastWritten = max(lastWritten ?? id, id) }
            }
            if mark != nil {
                let moved = firstUnwritten.map { $0 - 1 } ?? lastWritten ?? 0
                try db.execute(sql: "UPDATE terminal_setting SET value = ? WHERE key = ?", arguments: [String(moved), AuditFileSync.throughKey])
                if let ownId {
                    // The mark now names the desk it counts: an entry placed behind it moves it back (`appendAudit`).
                    try db.execute(sql: "INSERT OR REPLACE INTO terminal_setting(key, value) VALUES (?, ?)", arguments: [AuditFileSync.deskKey, ownId])
                }
            }
            try db.execute(sql: """
                DROP TABLE audit;
                ALTER TABLE audit_new RENAME TO audit;
                CREATE TRIGGER audit_append_only_update BEFORE UPDATE ON audit BEGIN
                    SELECT RAISE(ABORT, 'the audit record is append-only');
                END;
                CREATE TRIGGER audit_append_only_delete BEFORE DELETE ON audit
                WHEN NOT EXISTS (SELECT 1 FROM audit_pruning WHERE OLD.time < before) BEGIN
                    SELECT RAISE(ABORT, 'the audit record is append-only');
                END;
                """)
        }
    }
}
