import MemberKit

/// What one advertisement says, once parsed: a beacon's identity with its calibrated power,
/// or Eddystone telemetry (which names no beacon; it is tied to its sender's address).
public enum BeaconFrame: Equatable, Sendable {
    /// `measuredPower` is the expected RSSI at 1 m (Eddystone's 0 m figure is converted); nil when unknown.
    case beacon(BeaconKey, measuredPower: Int8?)
    case telemetry(BeaconTelemetry)
}

