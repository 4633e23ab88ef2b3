/// A member's birthday: a month and day, with the year when it is known. Written `YYYY-MM-DD`,
/// or `--MM-DD` without a year (ISO 8601's form); February 29 needs a leap year when a year is given.
public struct Birthday: Sendable, Hashable, Codable, CustomStringConvertible {
    package let year: Int?
    package let month: Int
    package let day: Int

    package init?(year: Int?, month: Int, day: Int) {
        guard (1...12).contains(month) else { return nil }
        if let year {
            guard CalendarDay(year: year, month: month, day: day) != nil else { return nil }
        } else {
            // Any year: February 29 stands.
            guard CalendarDay(year: 2000, month: month, day: day) != nil else { return nil }
        }
        self.year = year
        self.month = month
        self.day = day
    }

    /// `YYYY-MM-DD` or `--MM-DD`; nil for anything else, or a day no calendar has (February 30).
    public init?(parsing text: String) {
        if text.hasPrefix("--"), text.utf8.count == 7, let day = CalendarDay(parsing: "2000" + text.dropFirst(1)) {
            self.init(year: nil, month: day.month, day: day.day)
        } else if let day = CalendarDay(parsing: text) {
            self.init(year: day.year, month: day.month, day: day.day)
        } else {
            return nil
        }
    }

    public var description: String {
        let monthDay = (month < 10 ? "0" : "") + String(month) + "-" + (day < 10 ? "0" : "") + String(day)
        guard let year else { return "--" + monthDay }
        return String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year) + "-" + monthDay
    }

    /// Whether `day` is the birthday. A February 29 birthday is kept on February 28 in other years.
    package func falls(on day: CalendarDay) -> Bool {
        if month == day.month && self.day == day.day { return true }
        return month == 2 && self.day == 29 && day.month == 2 && day.day == 28 && CalendarDay(year: day.year, month: 2, day: 29) == nil
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = Birthday(parsing: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "'\(text)' is not a birthday"))
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
