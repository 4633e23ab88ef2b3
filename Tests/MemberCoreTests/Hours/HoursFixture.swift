import Foundation
@_spi(Decisions) import MemberCore

/// The club of the hours' tests: Berlin, open Mon–Fri 06:00–22:00 and Sat–Sun 08:00–20:00, its
/// instants written in UTC ("2026-03-29T06:00"), so the tests do not read the zone's rules the
/// way the code under test does.
enum HoursFixture {
    static let berlin: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }()

    static func week(_ weekdays: String = "06:00-22:00", weekend: String = "08:00-20:00") -> WeeklyHours {
        WeeklyHours(days: (0..<7).map { try! HoursParser.day($0 < 5 ? weekdays : weekend) })
    }

    static func hours(_ weekly: WeeklyHours? = week(), closed: [String] = []) -> OpeningHours {
        OpeningHours(weekly: weekly, closedDays: Set(closed.map { CalendarDay(parsing: $0)! }))
    }

    /// An instant written in UTC, "YYYY-MM-DDTHH:MM" or with seconds.
    static func z(_ text: String) -> Double {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        let full = text.count == 16 ? text + ":00Z" : text + "Z"
        return formatter.date(from: full)!.timeIntervalSince1970
    }
}
