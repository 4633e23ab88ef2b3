import Foundation

/// Reads the hours as the config writes them: a day's ranges (`"06:00-12:00,16:00-22:00"`, or
/// `"closed"`), a closed day (`"2026-12-25"`) and a plan's access windows
/// (`"mon-fri 09:00-16:00; sat 08:00-12:00"`). Outside input: every problem is one line saying
/// what was expected, never a crash (Fuzz/OpeningHours).
package enum HoursParser {
    /// What is wrong with a value, in words for the line that names its key.
    package struct Problem: Error, Equatable, CustomStringConvertible {
        package let description: String
        package init(_ description: String) { self.description = description }
    }

    /// One day's ranges: "closed" (none), or ranges "HH:MM-HH:MM" separated by commas, in order,
    /// not overlapping, none past midnight (end the day at 24:00 and open the next at 00:00).
    package static func day(_ text: String) throws(Problem) -> [DayRange] {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased() == "closed" { return [] }
        var ranges: [DayRange] = []
        for part in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
            let range = try range(String(part))
            if let last = ranges.last, range.start < last.end {
                throw Problem("ranges must be in order and not overlap: \(last.written) then \(range.written)")
            }
            ranges.append(range)
        }
        return ranges
    }

    /// "06:00-22:00" (an en dash too).
    static func range(_ text: String) throws(Problem) -> DayRange {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let ends = trimmed.split(omittingEmptySubsequences: false) { $0 == "-" || $0 == "–" }
        guard ends.count == 2, let start = clock(String(ends[0])), let end = clock(String(ends[1])) else {
            throw Problem("expected \"closed\" or ranges \"HH:MM-HH:MM\" separated by commas, not \(quoted(trimmed))")
        }
        guard start < 1440 else { throw Problem("a range cannot start at 24:00 (\(quoted(trimmed)))") }
        guard let range = DayRange(start: start, end: end) else {
            throw Problem("\(quoted(trimmed)) does not end after it starts: a range cannot cross midnight (end the day at 24:00 and open the next at 00:00)")
        }
        return range
    }

    /// "06:00" or "6:00" into minutes after midnight; "24:00" is the day's end.
    static func clock(_ text: String) -> Int? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts[0].allSatisfy(\.isASCIIDigit), parts[1].allSatisfy(\.isASCIIDigit),
              let hour = Int(parts[0]), let minute = Int(parts[1]), minute < 60,
              hour < 24 || hour == 24 && minute == 0 else { return nil }
        return hour * 60 + minute
    }

    /// A closed day, "YYYY-MM-DD".
    package static func closedDay(_ text: String) throws(Problem) -> CalendarDay {
        guard let day = CalendarDay(parsing: text.trimmingCharacters(in: .whitespaces)) else {
            throw Problem("expected days \"YYYY-MM-DD\", not \(quoted(text))")
        }
        return day
    }

    /// A plan's windows: clauses "DAYS RANGES" separated by ";", DAYS a day ("mon") or a run of
    /// days ("mon-fri", "sat-sun") or several separated by commas ("mon,wed,fri"), RANGES as a
    /// day's. A day not named has no window.
    package static func access(_ text: String) throws(Problem) -> WeeklyHours {
        var days: [[DayRange]?] = Array(repeating: nil, count: 7)
        for clause in text.split(separator: ";", omittingEmptySubsequences: false) {
            let words = clause.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
            guard words.count == 2 else {
                throw Problem("expected days and ranges, as in \"mon-fri 09:00-16:00; sat 08:00-12:00\", not \(quoted(clause.trimmingCharacters(in: .whitespaces)))")
            }
            let ranges = try day(String(words[1]))
            for weekday in try weekdays(String(words[0])) {
                guard days[weekday] == nil else { throw Problem("\(WeeklyHours.dayNames[weekday]) is given twice") }
                days[weekday] = ranges
            }
        }
        return WeeklyHours(days: days.map { $0 ?? [] })
    }

    /// "mon-fri,sun" into weekdays, 0 = Monday; a run may wrap past Sunday ("sat-mon").
    static func weekdays(_ text: String) throws(Problem) -> [Int] {
        var found: [Int] = []
        for part in text.lowercased().split(separator: ",", omittingEmptySubsequences: false) {
            let ends = part.split(omittingEmptySubsequences: false) { $0 == "-" || $0 == "–" }.map { WeeklyHours.dayNames.firstIndex(of: String($0)) }
            guard (1...2).contains(ends.count), let first = ends[0], let last = ends[ends.count - 1] else {
                throw Problem("expected days mon, tue, wed, thu, fri, sat, sun or runs as in mon-fri, not \(quoted(String(part)))")
            }
            var day = first
            while true {
                found.append(day)
                if day == last { break }
                day = (day + 1) % 7
            }
        }
        return found
    }

    static func quoted(_ text: String) -> String {
        "\"" + String(text.unicodeScalars.prefix(40).map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) }) + "\""
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
