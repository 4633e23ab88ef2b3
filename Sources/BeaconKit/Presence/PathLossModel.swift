import Foundation
import MemberKit

/// Distance from signal strength by the log-distance path-loss model:
/// RSSI(d) = P1m - 10 n log10(d), so d = 10^((P1m - RSSI) / (10 n)),
/// where P1m is the beacon's calibrated RSSI at 1 m and n the path-loss exponent.
public struct PathLossModel: Sendable, Equatable {
    public var exponent: Double
    public var immediateBelow: Double
    public var nearBelow: Double

    public init(exponent: Double = 2, immediateBelow: Double = 0.5, nearBelow: Double = 4) {
        self.exponent = exponent
        self.immediateBelow = immediateBelow
        self.nearBelow = nearBelow
    }

    /// Metres, or nil when the beacon sends no calibrated power.
    @inline(__always)
    public func distance(rssi: Double, measuredPower: Int8?) -> Double? {
        guard let measuredPower else { return nil }
        return pow(10, (Double(measuredPower) - rssi) / (10 * exponent))
    }

    @inline(__always)
    public func proximity(distance: Double?) -> Proximity {
        guard let distance, distance.isFinite else { return .unknown }
        if distance < immediateBelow { return .immediate }
        if distance < nearBelow { return .near }
        return .far
    }
}

extension PathLossModel {
    /// The RSSI above which a beacon is immediate, and above which it is near, for one
    /// calibrated power: lets the hot path classify by comparison instead of `pow`.
    public func rssiThresholds(measuredPower: Int8) -> (immediate: Double, near: Double) {
        let power = Double(measuredPower)
        return (power - 10 * exponent * log10(immediateBelow), power - 10 * exponent * log10(nearBelow))
    }
}
