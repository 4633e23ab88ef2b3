import Foundation

/// Who is inside: how a tap's direction is decided, the capacity, and when visits close by themselves.
public struct OccupancySettings: Sendable, Equatable {
    /// How a tap of a member who is inside is taken (`occupancy.tap`).
    public enum TapMode: String, Sendable, Codable, CaseIterable {
        /// Every tap is an entry.
        case `in`
        /// A tap of a member inside is an exit, once the minimum stay has passed.
        case toggle
        /// An exit desk: a tap of a member inside is an exit.
        case out
    }

    /// What an entry does when the club is full (`occupancy.when_full`).
    public enum WhenFull: String, Sendable, Codable, CaseIterable {
        case refuse, warn
    }

    package var tap: TapMode
    /// In toggle mode, a tap sooner than this after the entry is a duplicate, not an exit.
    package var minStay: TimeInterval
    /// At most this many inside (0: no limit).
    public var capacity: Int
    package var whenFull: WhenFull
    /// Everyone still inside is checked out at this local time of day (minutes after midnight; nil: never).
    package var closingMinute: Int?
    /// Anyone inside longer than this is checked out (0: never).
    package var maxStay: TimeInterval
    /// Visit events older than this many days are pruned (counters never are).
    package var keepDays: Int
    /// The local day that `closingMinute` is read in.
    public var calendar: Calendar
    /// Opening hours (`[hours]`): entries outside them are refused (`ClosedRule`), and without a
    /// `closingMinute` the day's last range ends the visits still open.
    package var hours: OpeningHours = .alwaysOpen

    public init(tap: TapMode = .in, minStay: TimeInterval = 120, capacity: Int = 0, whenFull: WhenFull = .refuse,
                closingMinute: Int? = nil, maxStay: TimeInterval = 0, keepDays: Int = 400, calendar: Calendar = .gregorianUTC,
                hours: OpeningHours = .alwaysOpen) {
        self.tap = tap
        self.minStay = minStay
        self.capacity = capacity
        self.whenFull = whenFull
        self.closingMinute = closingMinute
        self.maxStay = maxStay
        self.keepDays = keepDays
        self.calendar = calendar
        self.hours = hours
    }

    /// Whether anything closes visits by itself.
    package var closes: Bool { closingMinute != nil || maxStay > 0 || closesAtHours }

    /// Visits close at the hours' end of each day: there are weekly hours and no set closing time wins.
    package var closesAtHours: Bool { closingMinute == nil && hours.weekly != nil }
}
