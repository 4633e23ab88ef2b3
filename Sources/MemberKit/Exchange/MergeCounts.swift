/// What an import does or would do: counts, and the first changes in detail.
public struct MergeCounts: Sendable, Equatable, Codable {
    public var new = 0, updated = 0, unchanged = 0, unified = 0, deleted = 0
    /// Entry and exit events new here, and events kept out because they lie more than a day ahead.
    public var visitEvents = 0, futureEvents = 0
    public init() {}
}
