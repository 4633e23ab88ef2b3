import Foundation

// What BeaconKit publishes (`DeskEvent.beacon`). The types live on the bus, not in BeaconKit: the
// desk's beacon pane and DeskMQTT's beacon topics read them, and neither imports the radio adapter.

public struct BeaconIdentity: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Codable { case iBeacon, altBeacon, eddystoneUID, eddystoneURL }
    public var kind: Kind
    /// iBeacon/AltBeacon: proximity UUID (uppercase, hyphenated); Eddystone-UID: namespace (hex).
    public var uuid: String?
    public var major: UInt16?
    public var minor: UInt16?
    /// Eddystone-UID instance (hex).
    public var instance: String?
    /// Eddystone-URL, decoded.
    public var url: String?

    public init(kind: Kind, uuid: String? = nil, major: UInt16? = nil, minor: UInt16? = nil,
                instance: String? = nil, url: String? = nil) {
        self.kind = kind
        self.uuid = uuid
        self.major = major
        self.minor = minor
        self.instance = instance
        self.url = url
    }
}

public enum Proximity: String, Sendable, Codable, Comparable, CaseIterable {
    case immediate, near, far, unknown

    private var rank: Int { Self.allCases.firstIndex(of: self)! }
    public static func < (a: Proximity, b: Proximity) -> Bool { a.rank < b.rank }
}

public struct BeaconSnapshot: Sendable, Hashable {
    public var identity: BeaconIdentity
    public var address: String
    public var proximity: Proximity
    public var smoothedRSSI: Double
    public var distance: Double?
    public var lastSeen: Date
    public var reports: Int
    /// The latest Eddystone-TLM from the beacon's address, if it sends any.
    public var telemetry: BeaconTelemetry?

    public init(identity: BeaconIdentity, address: String, proximity: Proximity, smoothedRSSI: Double,
                distance: Double?, lastSeen: Date, reports: Int, telemetry: BeaconTelemetry? = nil) {
        self.identity = identity
        self.address = address
        self.proximity = proximity
        self.smoothedRSSI = smoothedRSSI
        self.distance = distance
        self.lastSeen = lastSeen
        self.reports = reports
        self.telemetry = telemetry
    }
}

/// An unencrypted Eddystone-TLM frame: the beacon's own health figures.
public struct BeaconTelemetry: Sendable, Hashable, Codable {
    /// Battery voltage in mV; 0 when the beacon does not report it.
    public var batteryMillivolts: UInt16
    /// Degrees Celsius; nil when not supported.
    public var temperature: Double?
    /// Advertisements sent since power-up.
    public var advertisingCount: UInt32
    /// Seconds since power-up (sent in 0.1 s steps).
    public var uptime: Double

    public init(batteryMillivolts: UInt16, temperature: Double?, advertisingCount: UInt32, uptime: Double) {
        self.batteryMillivolts = batteryMillivolts
        self.temperature = temperature
        self.advertisingCount = advertisingCount
        self.uptime = uptime
    }
}

public enum BeaconEvent: Sendable {
    case appeared(BeaconSnapshot)
    case proximityChanged(BeaconSnapshot, from: Proximity, to: Proximity)
    /// A fresh reading with no change of state: for the beacon pane only.
    case updated(BeaconSnapshot)
    case lost(BeaconSnapshot)
    case scanner(available: Bool, reason: String?)

    var isDroppable: Bool { if case .updated = self { return true } else { return false } }
}
