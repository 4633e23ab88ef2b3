import Foundation
import MemberKit

/// One region of a RegionFramework-compatible list: a beacon region, a circular region, or both.
public struct Region: Sendable, Equatable, Codable {
    public var identifier: String
    public var name: String
    /// Proximity UUID, uppercase; nil when the region has no beacon part.
    public var uuid: String?
    public var major: UInt16?
    public var minor: UInt16?
    public var latitude: Double
    public var longitude: Double
    /// Metres; 0 when the region has no circular part.
    public var radius: Double
    /// Epoch seconds; nil (or 0 in the file) for a region that never expires.
    public var expireAt: Double?
    public var enterScript: String
    public var exitScript: String
    public var checkinScript: String
    /// Enter only this close (Lighthouse's rule); nil accepts any known proximity.
    public var proximity: Proximity?
    public var triggerLimit: TriggerLimit
    public var activeHours: ActiveHours?
    /// ISO weekdays, Monday = 1 ... Sunday = 7; empty for every day.
    public var weekdays: Set<Int>

    public init(identifier: String, name: String = "", uuid: String? = nil, major: UInt16? = nil, minor: UInt16? = nil,
                latitude: Double = 0, longitude: Double = 0, radius: Double = 0, expireAt: Double? = nil,
                enterScript: String = "", exitScript: String = "", checkinScript: String = "",
                proximity: Proximity? = nil, triggerLimit: TriggerLimit = .everyTime(cooldown: 60),
                activeHours: ActiveHours? = nil, weekdays: Set<Int> = []) {
        self.identifier = identifier
        self.name = name
        self.uuid = uuid
        self.major = major
        self.minor = minor
        self.latitude = latitude
        self.longitude = longitude
        self.radius = radius
        self.expireAt = expireAt
        self.enterScript = enterScript
        self.exitScript = exitScript
        self.checkinScript = checkinScript
        self.proximity = proximity
        self.triggerLimit = triggerLimit
        self.activeHours = activeHours
        self.weekdays = weekdays
    }

    public var isBeaconRegion: Bool { uuid != nil }
    /// RegionFramework's rule: lat, lng and radius all non-zero.
    public var isCircularRegion: Bool { latitude != 0 && longitude != 0 && radius != 0 }

    public func isExpired(at date: Date) -> Bool {
        guard let expireAt, expireAt > 0 else { return false }
        return date.timeIntervalSince1970 > expireAt
    }

    /// What the monitor watches; when it changes under the same identifier the region is re-armed.
    public var geometry: String {
        var parts: [String] = []
        if let uuid { parts.append("b:\(uuid):\(major.map(String.init) ?? "*"):\(minor.map(String.init) ?? "*"):\(proximity?.rawValue ?? "*")") }
        if isCircularRegion { parts.append("c:\(latitude),\(longitude),\(radius)") }
        return parts.joined(separator: ";")
    }

    /// True when a beacon reading belongs to this region (proximity not considered).
    public func matches(_ identity: BeaconIdentity) -> Bool {
        guard let uuid, let beaconUUID = identity.uuid, beaconUUID.uppercased() == uuid else { return false }
        if let major, identity.major != major { return false }
        if let minor, identity.minor != minor { return false }
        return true
    }

    /// True when the reading is close enough to enter.
    public func accepts(_ proximity: Proximity) -> Bool {
        guard let required = self.proximity else { return true }  // like iOS, any reading enters
        return proximity != .unknown && proximity <= required
    }

    /// The active_hours and weekdays rules, in `calendar`'s time zone (the club's).
    public func isActive(at date: Date, calendar: Calendar) -> Bool {
        if !weekdays.isEmpty {
            let weekday = calendar.component(.weekday, from: date) // Sunday = 1
            let iso = weekday == 1 ? 7 : weekday - 1
            if !weekdays.contains(iso) { return false }
        }
        if let activeHours {
            let parts = calendar.dateComponents([.hour, .minute], from: date)
            return activeHours.contains(minuteOfDay: (parts.hour ?? 0) * 60 + (parts.minute ?? 0))
        }
        return true
    }

    public func script(for kind: ScriptKind) -> String {
        switch kind {
        case .enter: return enterScript
        case .exit: return exitScript
        case .checkin: return checkinScript
        }
    }
}

public enum ScriptKind: String, Sendable, Codable, CaseIterable {
    case enter, exit, checkin
}

/// How often an enter runs its script.
public enum TriggerLimit: Sendable, Equatable, Codable {
    /// Every enter, but not again within `cooldown` seconds of the last one that ran.
    case everyTime(cooldown: Double)
    /// Once while this monitor runs.
    case oncePerSession
    /// Once for this terminal, ever (persisted).
    case onceEver

    public var name: String {
        switch self {
        case .everyTime: return "every_time"
        case .oncePerSession: return "once_per_session"
        case .onceEver: return "once_ever"
        }
    }
}

/// A daily window "HH:MM-HH:MM"; one that ends before it starts runs past midnight.
public struct ActiveHours: Sendable, Equatable, Codable {
    public var startMinute: Int
    public var endMinute: Int

    public init(startMinute: Int, endMinute: Int) {
        self.startMinute = startMinute
        self.endMinute = endMinute
    }

    public init?(_ text: String) {
        let halves = text.split(separator: "-", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard halves.count == 2, let start = Self.minute(halves[0]), let end = Self.minute(halves[1]) else { return nil }
        self.init(startMinute: start, endMinute: end)
    }

    static func minute(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy(\.isASCII) }),
              let hour = Int(parts[0]), let minute = Int(parts[1]),
              (0...24).contains(hour), (0...59).contains(minute), hour * 60 + minute <= 1440 else { return nil }
        return hour * 60 + minute
    }

    public func contains(minuteOfDay minute: Int) -> Bool {
        if startMinute <= endMinute { return minute >= startMinute && minute < endMinute }
        return minute >= startMinute || minute < endMinute
    }

    public var text: String {
        String(format: "%02d:%02d-%02d:%02d", startMinute / 60, startMinute % 60, endMinute / 60, endMinute % 60)
    }
}
