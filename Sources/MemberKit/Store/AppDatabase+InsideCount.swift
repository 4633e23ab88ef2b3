import GRDB

/// How many are inside, kept as one number (`inside_count`) by triggers on `member_presence`:
/// every tap reads it (the capacity rule, the banner), and counting the inside index instead cost
/// a step per member inside (0.56 ms a read with 1,000 inside: a third of a tap). The triggers
/// see every write to `member_presence` (a tap, closing time, a merge, a restore), so the number
/// cannot drift from the rows; the page it sits on costs a tap one more page of log.
extension AppDatabase {
    static func registerInsideCount(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v15-lead-inside-count") { db in
            try db.execute(sql: """
                CREATE TABLE inside_count (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    count INTEGER NOT NULL
                );
                INSERT INTO inside_count(id, count) SELECT 1, count(*) FROM member_presence WHERE inside = 1;
                CREATE TRIGGER inside_count_insert AFTER INSERT ON member_presence WHEN NEW.inside = 1 BEGIN
                    UPDATE inside_count SET count = count + 1;
                END;
                CREATE TRIGGER inside_count_update AFTER UPDATE OF inside ON member_presence
                WHEN OLD.inside != NEW.inside BEGIN
                    UPDATE inside_count SET count = count + (NEW.inside = 1) - (OLD.inside = 1);
                END;
                CREATE TRIGGER inside_count_delete AFTER DELETE ON member_presence WHEN OLD.inside = 1 BEGIN
                    UPDATE inside_count SET count = count - 1;
                END;
                """)
        }
    }
}

extension StoreTransaction {
    /// How many are inside now (as far as this desk knows): one row, whatever the number.
    func insideCount() throws -> Int {
        try Int.fetchOne(db.cachedStatement(sql: "SELECT count FROM inside_count WHERE id = 1")) ?? 0
    }
}
