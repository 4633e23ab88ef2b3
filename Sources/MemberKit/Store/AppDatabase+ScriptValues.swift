import Foundation
import GRDB

/// The region scripts' key-value store behind wk_userdefault_get/set (table `script_kv`).
extension AppDatabase {
    public func scriptValue(_ key: String) throws -> String? {
        try read { store in try String.fetchOne(store.db, sql: "SELECT value FROM script_kv WHERE key = ?", arguments: [key]) }
    }

    /// Stores a value; nil removes the key.
    public func setScriptValue(_ key: String, _ value: String?) throws {
        try write { store in
            if let value {
                try store.db.execute(sql: """
                    INSERT INTO script_kv(key, value) VALUES (?, ?)
                    ON CONFLICT(key) DO UPDATE SET value = excluded.value
                    """, arguments: [key, value])
            } else {
                try store.db.execute(sql: "DELETE FROM script_kv WHERE key = ?", arguments: [key])
            }
        }
    }
}
