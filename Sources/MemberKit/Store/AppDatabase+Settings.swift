import Foundation
import GRDB

/// This terminal's settings (table `terminal_setting`): its id, its name, and switches.
extension AppDatabase {
    /// Reads the terminal id, minting one on first run, and stores the configured name.
    public func terminalIdentity(name: String) throws -> TerminalIdentity {
        // Read first, so that read-only commands work on a read-only database.
        let (id, storedName) = try read { store in (try store.terminalId(), try store.setting("terminalName")) }
        if let id, storedName == name {
            return TerminalIdentity(id: id, name: name)
        }
        // A read-only open (listing, stats) must not fail because the name in the config changed.
        if isReadOnly, let id {
            return TerminalIdentity(id: id, name: name)
        }
        return try write { store in
            let id: String
            if let existing = try store.terminalId() {
                id = existing
            } else {
                id = UUID().uuidString
                try store.db.execute(sql: "INSERT INTO terminal_setting(key, value) VALUES ('terminalId', ?)", arguments: [id])
            }
            try store.db.execute(sql: """
                INSERT INTO terminal_setting(key, value) VALUES ('terminalName', ?)
                ON CONFLICT(key) DO UPDATE SET value = excluded.value WHERE value != excluded.value
                """, arguments: [name])
            return TerminalIdentity(id: id, name: name)
        }
    }

    /// A persisted setting (for example the regions on/off switch).
    public func setting(_ key: String) throws -> String? {
        try read { store in try store.setting(key) }
    }

    /// Sets an adapter's own switch (`regions.on`, `mqtt.lastError`). The store's own settings (the
    /// terminal's id and name, sync's marks, the collation) are written by its operations alone:
    /// one of those keys is refused and nothing changes.
    public func setSetting(_ key: String, _ value: String) throws {
        guard Self.adapterSettingPrefixes.contains(where: key.hasPrefix) else {
            throw DeskError.invalidInput("the setting \(key) is the store's own; only an adapter's (\(Self.adapterSettingPrefixes.map { $0 + "…" }.joined(separator: ", "))) may be set")
        }
        try write { store in try store.setSetting(key, value) }
    }

    /// The namespaces of the settings adapters keep in the store.
    package static let adapterSettingPrefixes = ["regions.", "mqtt."]

    /// Any setting, the store's own too: tests plant a first run's terminal id with it.
    func setStoreSetting(_ key: String, _ value: String) throws {
        try write { store in try store.setSetting(key, value) }
    }
}

extension StoreTransaction {
    /// The terminal id minted on first run (nil before it): the one place it is read.
    func terminalId() throws -> String? {
        try setting("terminalId")
    }

    func setting(_ key: String) throws -> String? {
        try String.fetchOne(db.cachedStatement(sql: "SELECT value FROM terminal_setting WHERE key = ?"), arguments: [key])
    }

    func setSetting(_ key: String, _ value: String) throws {
        try db.execute(sql: """
            INSERT INTO terminal_setting(key, value) VALUES (?, ?)
            ON CONFLICT(key) DO UPDATE SET value = excluded.value
            """, arguments: [key, value])
    }
}
