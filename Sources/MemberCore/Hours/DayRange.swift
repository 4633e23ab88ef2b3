/// A span of one local day in minutes after midnight: from `start` (inclusive) to `end`
/// (exclusive; 24:00 is 1440). A span never crosses midnight: a club open past it ends the day
/// at 24:00 and opens the next at 00:00, and the two are one opening.
public struct DayRange: Sendable, Hashable {
    public let start: Int
    public let end: Int

    package init?(start: Int, end: Int) {
        guard 0 <= start, start < end, end <= 1440 else { return nil }
        self.start = start
        self.end = end
    }

    package static let allDay = DayRange(start: 0, end: 1440)!

    /// "09:00–16:00", as staff read it (an en dash).
    package var shown: String { Self.clock(start) + "–" + Self.clock(end) }

    /// "09:00-16:00", as the config file writes it.
    package var written: String { Self.clock(start) + "-" + Self.clock(end) }

    /// "06:00" for 360; "24:00" for 1440.
    package static func clock(_ minute: Int) -> String {
        let hour = minute / 60, rest = minute % 60
        return (hour < 10 ? "0" : "") + String(hour) + ":" + (rest < 10 ? "0" : "") + String(rest)
    }
}
