import BeaconKit
import DeskSettings

extension DeskConfig.Beacons {
    /// The presence tracker's settings from `[beacons]` (BeaconKit reads no config file): the
    /// front desk's scanner, `beacons` and `regions simulate` alike.
    var presence: PresenceSettings { PresenceSettings(exitTimeout: exitTimeout) }
}
