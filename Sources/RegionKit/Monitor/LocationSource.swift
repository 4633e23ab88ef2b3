import Foundation

/// A position with its horizontal accuracy (metres, 0 when unknown).
public struct LocationFix: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double
    public var accuracy: Double
    public var time: Date

    public init(latitude: Double, longitude: Double, accuracy: Double = 0, time: Date) {
        self.latitude = latitude
        self.longitude = longitude
        self.accuracy = accuracy
        self.time = time
    }

    /// "LAT,LNG" as in `regions.location` and `--location`.
    public static func parse(_ text: String, time: Date) -> LocationFix? {
        let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let lat = Double(parts[0]), let lng = Double(parts[1]),
              (-90...90).contains(lat), (-180...180).contains(lng) else { return nil }
        return LocationFix(latitude: lat, longitude: lng, time: time)
    }

    /// Great-circle distance in metres (haversine, mean Earth radius).
    public func distance(toLatitude latitude: Double, longitude: Double) -> Double {
        let r = 6_371_008.8
        let φ1 = self.latitude * .pi / 180, φ2 = latitude * .pi / 180
        let dφ = φ2 - φ1, dλ = (longitude - self.longitude) * .pi / 180
        let a = sin(dφ / 2) * sin(dφ / 2) + cos(φ1) * cos(φ2) * sin(dλ / 2) * sin(dλ / 2)
        return 2 * r * atan2(sqrt(a), sqrt(max(0, 1 - a)))
    }
}

/// Where circular regions learn the position: a fixed place (a desk does not move) or gpsd.
public protocol LocationSource: Sendable {
    /// Calls `handler` with each fix until `stop()`.
    func start(_ handler: @escaping @Sendable (LocationFix) -> Void)
    func stop()
}

/// The position from `regions.location`: one fix at start.
public struct FixedLocation: LocationSource {
    public let latitude: Double
    public let longitude: Double
    let clock: @Sendable () -> Date

    public init(latitude: Double, longitude: Double, clock: @escaping @Sendable () -> Date = Date.init) {
        self.latitude = latitude
        self.longitude = longitude
        self.clock = clock
    }

    public func start(_ handler: @escaping @Sendable (LocationFix) -> Void) {
        handler(LocationFix(latitude: latitude, longitude: longitude, time: clock()))
    }

    public func stop() {}
}
