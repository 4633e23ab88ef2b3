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
