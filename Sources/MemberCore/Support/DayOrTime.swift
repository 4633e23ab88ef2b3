import Foundation

/// What people type for a date: a local day ("2026-11-25") or an ISO-8601 time. One parser for
/// every command and form, so they all accept the same text.
public enum DayOrTime: Equatable, Sendable {
    /// A day, from its local midnight.
    case day(start: Date)
    case time(Date)

    public static func parse(_ text: String, calendar: Calendar) -> DayOrTime? {
        // Only text of a date's shape goes on (Foundation's parsers trap on some other text).
        guard DateText.isPlausible(text) else { return nil }
        if let day = CalendarDay(parsing: text) {
            // Counted by our own arithmetic: no DateFormatter sees the text at all.
            // A day this calendar lacks (1582-10-10 in the Gregorian switch, 1994-12-31 on
            // Kiritimati) is no day, rather than some other one.
            let parts = DateComponents(year: day.year, month: day.month, day: day.day)
            guard let date = calendar.date(from: parts), case let back = calendar.dateComponents([.year, .month, .day], from: date),
                  back.year == day.year, back.month == day.month, back.day == day.day else { return nil }
            return .day(start: calendar.startOfDay(for: date))
        }
        return ISO8601Text.date(from: text).map(DayOrTime.time)
    }

    /// The first instant it names.
    public var start: Date {
        switch self {
        case .day(let start): return start
        case .time(let time): return time
        }
    }
}
