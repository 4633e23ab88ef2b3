import MemberKit

/// How the presence tracker smooths, classifies and forgets. Defaults are documented in docs/beacons.md.
public struct PresenceSettings: Sendable, Equatable {
    /// A beacon is lost when no report has come for this many seconds (`beacons.exit_timeout`).
    public var exitTimeout: Double = 10
    /// ARMA filter weight of a new sample (0...1]: 0.1 follows a 10 Hz beacon within about 2 s
    /// while one outlier moves the average by a tenth of its error.
    public var smoothing: Double = 0.1
    /// Path-loss exponent n in d = 10^((P1m - RSSI) / (10 n)); 2 is free space, 2.5-4 a cluttered room.
    public var pathLossExponent: Double = 2.0
    /// A new proximity is committed only after this many samples in a row agree.
    public var commitSamples = 3
    /// An address that sends more distinct beacon ids than this is a flood and is ignored.
    public var maxIdentitiesPerAddress = 10
    /// At most one `updated` event per beacon per this many seconds (the pane needs no more).
    public var updateInterval: Double = 1
    /// Proximity boundaries in metres.
    public var immediateBelow: Double = 0.5
    public var nearBelow: Double = 4

    /// `exitTimeout`: the one figure the desk's configuration sets (`beacons.exit_timeout`).
    public init(exitTimeout: Double = 10) {
        self.exitTimeout = exitTimeout
    }
}
