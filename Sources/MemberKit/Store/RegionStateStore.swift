import Foundation
import GRDB

/// One region's persisted monitor state (table `region_state`, migration "v2-regions").
public struct RegionStateRow: Sendable, Equatable {
    public var identifier: String
    public var inside: Bool
    /// The region's geometry when the state was recorded; a change re-arms the region.
    public var geometry: String
    public var lastTriggered: Double?
    public var triggeredEver: Bool
    /// The enter ran its script, so the exit runs its own.
    public var armed: Bool

    public init(identifier: String, inside: Bool, geometry: String, lastTriggered: Double? = nil, triggeredEver: Bool = false,
                armed: Bool = false) {
        self.identifier = identifier
        self.inside = inside
        self.geometry = geometry
        self.lastTriggered = lastTriggered
        self.triggeredEver = triggeredEver
        self.armed = armed
    }
}

extension AppDatabase {
    public func regionStates() throws -> [RegionStateRow] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM region_state ORDER BY identifier").map { row in
                RegionStateRow(identifier: row["identifier"], inside: row["inside"], geometry: row["geometry"],
                               lastTriggered: row["lastTriggered"], triggeredEver: row["triggeredEver"], armed: row["armed"])
            }
        }
    }

    public func saveRegionState(_ state: RegionStateRow) throws {
        try write { db in
            try db.execute(sql: """
                INSERT INTO region_state(identifier, inside, geometry, lastTriggered, triggeredEver, armed) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT(identifier) DO UPDATE SET inside = excluded.inside, geometry = excluded.geometry,
                    lastTriggered = excluded.lastTriggered, triggeredEver = excluded.triggeredEver, armed = excluded.armed
                """, arguments: [state.identifier, state.inside, state.geometry, state.lastTriggered, state.triggeredEver,
                                state.armed])
        }
    }

    public func deleteRegionState(_ identifier: String) throws {
        try write { db in try db.execute(sql: "DELETE FROM region_state WHERE identifier = ?", arguments: [identifier]) }
    }
}
