import Foundation
import GRDB

extension AppDatabase {
    /// v19: names sort by the locale's collation (NameCollation), not by their bytes with ASCII
    /// case folded ("Zoë" had come before "Łukasz"). The database keeps the locale it was upgraded
    /// under; the keys are local, so the sync's change sequence is muted while they are written.
    static func registerNameCollation(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v19-name-collation") { db in
            // The connection's key function took the same locale: none was kept before this.
            let locale = NameCollation.locale(environment: ProcessInfo.processInfo.environment)
            try db.execute(sql: "INSERT OR REPLACE INTO terminal_setting(key, value) VALUES (?, ?)",
                           arguments: [NameCollation.settingKey, locale])
            try db.execute(sql: """
                ALTER TABLE member ADD COLUMN nameKey BLOB;
                INSERT INTO member_change_muted(muted) VALUES (1);
                UPDATE member SET nameKey = \(NameCollation.functionName)(username) WHERE username IS NOT NULL;
                DELETE FROM member_change_muted;
                DROP INDEX member_name;
                CREATE INDEX member_name_key ON member(nameKey);
                """)
        }
    }
}
