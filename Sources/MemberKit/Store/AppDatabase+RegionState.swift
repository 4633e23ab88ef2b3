import Foundation
import GRDB

/// The region monitor's persisted state (table `region_state`).
extension AppDatabase {
    public func regionStates() throws -> [RegionStateRow] {
        try read { store in
            try Row.fetchAll(store.db, sql: "SELECT * FROM region_state ORDER BY identifier").map { row in
                RegionStateRow(identifier: row["identifier"], inside: row["inside"], geometry: row["geometry"],
                               lastTriggered: row["lastTriggered"], triggeredEver: row["triggeredEver"], armed: row["armed"])
            }
        }
    }

    /// One input's changes: the rows written and the identifiers deleted, in one transaction.
    public func saveRegionStates(_ rows: [RegionStateRow], deleting identifiers: [String]) throws {
        try write { store in
            for identifier in identifiers {
                try store.db.execute(sql: "DELETE FROM region_state WHERE identifier = ?", arguments: [identifier])
            }
            for state in rows {
                try store.db.execute(sql: """
                    INSERT INTO region_state(identifier, inside, geometry, lastTriggered, triggeredEver, armed) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT(identifier) DO UPDATE SET inside = excluded.inside, geometry = excluded.geometry,
                        lastTriggered = excluded.lastTriggered, triggeredEver = excluded.triggeredEver, armed = excluded.armed
                    """, arguments: [state.identifier, state.inside, state.geometry, state.lastTriggered, state.triggeredEver,
                                    state.armed])
            }
        }
    }
}
