import Foundation
import GRDB

/// This terminal's stable id (minted on first run) and its human name (from the config).
public struct TerminalIdentity: Sendable, Equatable {
    public var id: String
    public var name: String
}

extension AppDatabase {
    /// Reads the terminal id, minting one on first run, and stores the configured name.
    public func terminalIdentity(name: String) throws -> TerminalIdentity {
        // Read first, so that read-only commands work on a read-only database.
        let stored = try read { db in
            try [String: String](uniqueKeysWithValues: Row.fetchAll(db, sql: "SELECT key, value FROM terminal_setting")
                .map { ($0["key"], $0["value"]) })
        }
        if let id = stored["terminalId"], stored["terminalName"] == name {
            return TerminalIdentity(id: id, name: name)
        }
        // A read-only open (listing, stats) must not fail because the name in the config changed.
        if writer.configuration.readonly, let id = stored["terminalId"] {
            return TerminalIdentity(id: id, name: name)
        }
        return try write { db in
            let id: String
            if let existing = try String.fetchOne(db, sql: "SELECT value FROM terminal_setting WHERE key = 'terminalId'") {
                id = existing
            } else {
                id = UUID().uuidString
                try db.execute(sql: "INSERT INTO terminal_setting(key, value) VALUES ('terminalId', ?)", arguments: [id])
            }
            try db.execute(sql: """
                INSERT INTO terminal_setting(key, value) VALUES ('terminalName', ?)
                ON CONFLICT(key) DO UPDATE SET value = excluded.value WHERE value != excluded.value
                """, arguments: [name])
            return TerminalIdentity(id: id, name: name)
        }
    }

    /// A persisted setting (for example the regions on/off switch).
    public func setting(_ key: String) throws -> String? {
        try read { db in try String.fetchOne(db, sql: "SELECT value FROM terminal_setting WHERE key = ?", arguments: [key]) }
    }

    public func setSetting(_ key: String, _ value: String) throws {
        try write { db in
            try db.execute(sql: """
                INSERT INTO terminal_setting(key, value) VALUES (?, ?)
                ON CONFLICT(key) DO UPDATE SET value = excluded.value
                """, arguments: [key, value])
        }
    }

    /// The script key-value store behind wk_userdefault_get/set.
    public func scriptValue(_ key: String) throws -> String? {
        try read { db in try String.fetchOne(db, sql: "SELECT value FROM script_kv WHERE key = ?", arguments: [key]) }
    }

    public func setScriptValue(_ key: String, _ value: String?) throws {
        try write { db in
            if let value {
                try db.execute(sql: """
                    INSERT INTO script_kv(key, value) VALUES (?, ?)
                    ON CONFLICT(key) DO UPDATE SET value = excluded.value
                    """, arguments: [key, value])
            } else {
                try db.execute(sql: "DELETE FROM script_kv WHERE key = ?", arguments: [key])
            }
        }
    }
}
