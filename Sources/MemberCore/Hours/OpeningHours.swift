/// The club's opening hours (`[hours]`): the weekly ranges and the days it is closed. Pure: the
/// calendar that says what a local day is comes in with each question (`OpeningHours+Calendar`).
public struct OpeningHours: Sendable, Hashable {
    /// Nil: no weekly hours, open round the clock (but on closed days).
    package var weekly: WeeklyHours?
    /// Days closed whatever the weekday (`hours.closed`).
    package var closedDays: Set<CalendarDay>

    package init(weekly: WeeklyHours? = nil, closedDays: Set<CalendarDay> = []) {
        self.weekly = weekly
        self.closedDays = closedDays
    }

    /// No `[hours]`: always open, as before there were hours.
    public static let alwaysOpen = OpeningHours()

    package var isAlwaysOpen: Bool { weekly == nil && closedDays.isEmpty }

    /// The day's ranges: none on a closed day, all day without weekly hours.
    package func ranges(on day: CalendarDay) -> [DayRange] {
        if closedDays.contains(day) { return [] }
        guard let weekly else { return [.allDay] }
        return weekly.ranges(weekdayFromMonday: day.weekdayFromMonday)
    }

    /// Whether the day's last range runs on into the next day's first (24:00, then 00:00): the
    /// club does not close at that midnight.
    package func runsPastMidnight(_ day: CalendarDay) -> Bool {
        WeeklyHours.runsOn(ranges(on: day), into: ranges(on: day.adding(days: 1)))
    }

    /// The key the report caches its days under (`ClosingRule.key`): changed hours, new figures.
    package var key: String {
        let week = weekly.map { $0.written.isEmpty ? "closed" : $0.written } ?? "always"
        return week + " closed=" + closedDays.sorted().map(\.description).joined(separator: ",")
    }
}
