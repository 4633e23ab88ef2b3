import Foundation

/// Bookkeeping for the background jobs the panes wait on, kept apart from what the panes show:
/// at most one count and one stats query at a time, and counts held back while staff type.
public struct DeskJobs: Sendable {
    /// While staff type, a count would only compete with the pages they are waiting for.
    public static let countDelay: TimeInterval = 0.2

    public var countInFlight = false
    /// The member counts no longer match the data or the listing.
    public var countStale = true
    /// When the search text last changed: the match count waits for typing to pause.
    public var searchEditedAt: Date?
    public var statsInFlight = false

    public init() {}

    public func typing(at now: Date) -> Bool {
        searchEditedAt.map { now.timeIntervalSince($0) < Self.countDelay } ?? false
    }
}
