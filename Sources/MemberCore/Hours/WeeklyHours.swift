/// Time ranges for each weekday, Monday first: opening hours, or the windows a plan may be used in.
/// A day with no range is closed.
public struct WeeklyHours: Sendable, Hashable {
    /// Seven days, 0 = Monday … 6 = Sunday, each its ranges in order, never overlapping.
    package private(set) var days: [[DayRange]]
    /// Whether some weekday closes: it opens and its last range does not run on into the next
    /// day's first. Worked out once: every operation's catch-up asks (`OpeningHours.weekHasClosing`).
    package let closesSomeDay: Bool

    package init(days: [[DayRange]]) {
        precondition(days.count == 7, "a week has seven days")
        self.days = days
        closesSomeDay = (0..<7).contains { weekday in
            !days[weekday].isEmpty && !Self.runsOn(days[weekday], into: days[(weekday + 1) % 7])
        }
    }

    /// Whether a day's last range runs on into the next day's first (24:00, then 00:00): no closing at that midnight.
    package static func runsOn(_ day: [DayRange], into next: [DayRange]) -> Bool {
        day.last?.end == 1440 && next.first?.start == 0
    }

    package static let closed = WeeklyHours(days: Array(repeating: [], count: 7))

    /// The ranges of a day, 0 = Monday … 6 = Sunday (`CalendarDay.weekdayFromMonday`).
    package func ranges(weekdayFromMonday weekday: Int) -> [DayRange] { days[weekday] }

    package static let dayNames = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    package static let shownDayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    package static let fullDayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// "Mon–Fri 09:00–16:00, Sat 08:00–12:00": days with the same ranges run together, for staff.
    package var shown: String { summary(days: Self.shownDayNames, dash: "–", range: \.shown, separator: ", ") }

    /// "mon-fri 09:00-16:00; sat 08:00-12:00": as a plan's `access` key writes it (parses back the same).
    package var written: String { summary(days: Self.dayNames, dash: "-", range: \.written, separator: "; ") }

    private func summary(days names: [String], dash: String, range: KeyPath<DayRange, String>, separator: String) -> String {
        var parts: [String] = []
        var first = 0
        while first < 7 {
            var last = first
            while last + 1 < 7, days[last + 1] == days[first] { last += 1 }
            if !days[first].isEmpty {
                let span = first == last ? names[first] : names[first] + dash + names[last]
                parts.append(span + " " + days[first].map { $0[keyPath: range] }.joined(separator: ","))
            }
            first = last + 1
        }
        return parts.joined(separator: separator)
    }
}
