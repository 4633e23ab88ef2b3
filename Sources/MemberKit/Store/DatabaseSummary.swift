import Foundation

/// What a member database holds, as `restore` shows it before it swaps a backup in.
public struct DatabaseSummary: Sendable, Equatable {
    /// Live members (tombstones not counted).
    public var members: Int
    public var visits: Int
    public var newestVisit: Date?
    /// The last migration applied, e.g. "v4-pass-since".
    public var schemaVersion: String

    public init(members: Int, visits: Int, newestVisit: Date?, schemaVersion: String) {
        self.members = members
        self.visits = visits
        self.newestVisit = newestVisit
        self.schemaVersion = schemaVersion
    }
}
