import Foundation

/// What a member database holds, as `restore` shows it before it swaps a backup in.
public struct DatabaseSummary: Sendable, Equatable {
    /// Live members (tombstones not counted).
    public var members: Int
    public var visits: Int
    public var newestVisit: Date?
    /// The last migration applied, e.g. "v4-pass-since".
    public var schemaVersion: String

    package init(members: Int, visits: Int, newestVisit: Date?, schemaVersion: String) {
        self.members = members
        self.visits = visits
        self.newestVisit = newestVisit
        self.schemaVersion = schemaVersion
    }
}

/// What `PRAGMA quick_check` and the migrations table say about a database file.
public struct DatabaseHealth: Sendable, Equatable {
    /// The rows of `quick_check` other than "ok"; empty when intact.
    public var problems: [String]
    /// The newest migration applied to the file; nil when it has none (not a memberdesk database).
    public var schemaVersion: String?
    /// The newest migration this program knows.
    public var latestSchema: String
    /// Migrations the next start will apply.
    public var pendingMigrations: [String]
    /// Migrations in the file that this program does not know (a newer memberdesk wrote it).
    public var unknownMigrations: [String]
}
