import Foundation

/// The days a report covers, both ends included, in the club's time zone.
public struct ReportPeriod: Sendable, Equatable {
    /// Ten years: the occupancy count keeps one number a minute.
    static let maximumDays = 3660

    public let from: CalendarDay
    public let to: CalendarDay
    package let timeZone: TimeZone

    public init(from: CalendarDay, to: CalendarDay, timeZone: TimeZone) throws {
        guard from <= to else { throw DeskError.invalidInput("--from \(from) is after --to \(to)") }
        guard to.dayNumber - from.dayNumber < Self.maximumDays else {
            throw DeskError.invalidInput("a report covers at most \(Self.maximumDays) days; \(from) to \(to) is \(to.dayNumber - from.dayNumber + 1)")
        }
        self.from = from
        self.to = to
        self.timeZone = timeZone
    }

    /// From the command line's `YYYY-MM-DD` texts, with a one-line error naming the option.
    package init(from: String, to: String, timeZone: TimeZone) throws {
        guard let start = CalendarDay(parsing: from) else { throw DeskError.invalidInput("--from '\(from)' is not a date: use YYYY-MM-DD") }
        guard let end = CalendarDay(parsing: to) else { throw DeskError.invalidInput("--to '\(to)' is not a date: use YYYY-MM-DD") }
        try self.init(from: start, to: end, timeZone: timeZone)
    }

    var dayCount: Int { to.dayNumber - from.dayNumber + 1 }

    package var days: [CalendarDay] { (from.dayNumber...to.dayNumber).map(CalendarDay.init(dayNumber:)) }

    /// How far back a caller must read visits for `OccupancyFigures.lapsed` to see a regular
    /// month that ended before the period began (a member who stopped on its first day).
    package var lookbackStart: CalendarDay { from.adding(days: -Self.lookbackDays) }

    /// The look-back's length in days.
    static let lookbackDays = LapsedMemberRule.quietDays + LapsedMemberRule.windowDays + 1
}
