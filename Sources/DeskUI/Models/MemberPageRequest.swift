import MemberKit

/// A page the list needs from the database, run off the UI thread.
public struct MemberPageRequest: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case first
        case last
        case after(MemberRow)
        case before(MemberRow)
        /// Reload from an absolute position after the data changed (one OFFSET query, then seeks again).
        case at(Int)
    }

    public var generation: Int
    public var search: String?
    public var sort: MemberSort
    public var kind: Kind
    public var limit: Int
    /// Only members expiring within this many days (nil: all).
    public var expiringDays: Int? = nil
}
