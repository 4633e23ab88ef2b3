import Foundation

/// What people type for a date: a local day ("2026-11-25") or an ISO-8601 time. One parser for
/// every command and form, so they all accept the same text.
public enum DayOrTime: Equatable, Sendable {
    /// A day, from its local midnight.
    case day(start: Date)
    case time(Date)

    public static func parse(_ text: String, calendar: Calendar = .current) -> DayOrTime? {
        let day = DateFormatter()
        day.locale = Locale(identifier: "en_US_POSIX")
        day.calendar = calendar
        day.timeZone = calendar.timeZone
        day.dateFormat = "yyyy-MM-dd"
        day.isLenient = false
        if text.count == 10, let date = day.date(from: text) { return .day(start: calendar.startOfDay(for: date)) }
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
