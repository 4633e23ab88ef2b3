import Foundation
import MemberKit
import TOMLKit

/// `[hours]`: one key a weekday (`mon = "06:00-22:00"`, `sun = "closed"`) and the closed days
/// (`closed = ["2026-12-25"]`); see docs/occupancy.md. Each value is checked when the file is read.
extension DeskConfig {
    struct Hours: Sendable, Equatable {
        /// Monday first, as written; "" is not set: closed once another day is set, else open all day.
        var days = Array(repeating: "", count: 7)
        /// Each day's ranges as read (nil: not set).
        var ranges: [[DayRange]?] = Array(repeating: nil, count: 7)
        var closed: [String] = []
        var closedDays: Set<CalendarDay> = []

        /// No weekday set: no weekly hours (open round the clock but on the closed days).
        var openingHours: OpeningHours {
            let weekly = ranges.allSatisfy { $0 == nil } ? nil : WeeklyHours(days: ranges.map { $0 ?? [] })
            return OpeningHours(weekly: weekly, closedDays: closedDays)
        }
    }
}

extension ConfigKey {
    /// `hours.mon` … `hours.sun` and `hours.closed`.
    static let hoursKeys: [ConfigKey] = WeeklyHours.dayNames.enumerated().map { index, name in
        hoursDay("hours.\(name)", index, "Opening hours on \(WeeklyHours.fullDayNames[index])s: \"HH:MM-HH:MM\", several separated by commas, or \"closed\" (empty: closed once another day is set; no day set: always open)")
    } + [closedDays("hours.closed", "Days the club is closed, \"YYYY-MM-DD\", whatever the weekday")]

    static func hoursDay(_ name: String, _ index: Int, _ help: String) -> ConfigKey {
        ConfigKey(name: name, help: help, apply: { config, value in
            guard let text = value.string else { throw bad(name, "expected a string such as \"06:00-22:00\" or \"closed\"") }
            var ranges: [DayRange]?
            if !text.trimmingCharacters(in: .whitespaces).isEmpty {
                do { ranges = try HoursParser.day(text) } catch { throw bad(name, String(describing: error)) }
            }
            config.hours.days[index] = text
            config.hours.ranges[index] = ranges
        }, current: { quote($0.hours.days[index]) })
    }

    static func closedDays(_ name: String, _ help: String) -> ConfigKey {
        ConfigKey(name: name, help: help, apply: { config, value in
            guard let array = value.array else { throw bad(name, "expected an array of days \"YYYY-MM-DD\"") }
            var texts: [String] = [], days: Set<CalendarDay> = []
            for element in array {
                guard let text = element.string else { throw bad(name, "expected an array of days \"YYYY-MM-DD\"") }
                do { days.insert(try HoursParser.closedDay(text)) } catch { throw bad(name, String(describing: error)) }
                texts.append(text)
            }
            config.hours.closed = texts
            config.hours.closedDays = days
        }, current: { "[" + $0.hours.closed.map(quote).joined(separator: ", ") + "]" })
    }
}
