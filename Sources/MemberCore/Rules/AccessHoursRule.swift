/// A plan that may be used only in its access windows (an off-peak plan: `access = "mon-fri
/// 09:00-16:00"`) refuses an entry outside them (`outsideAccessHours`), saying when it may come.
/// A household member comes in its head's windows (`CheckInFacts.access`).
@_spi(Decisions) public enum AccessHoursRule {
    package static func apply(_ facts: CheckInFacts) -> RuleVerdict {
        guard let access = facts.access else { return .next }
        let calendar = facts.settings.occupancy.calendar
        let windows = OpeningHours(weekly: access.windows)
        guard !windows.isOpen(at: facts.time, calendar: calendar) else { return .next }
        return .refuse(.outsideAccessHours, saying: refusal(access, on: OpeningHours.day(of: facts.time, calendar: calendar)))
    }

    /// "Off-peak membership: 09:00–16:00" (the day's windows), or on a day with none the week's:
    /// "Off-peak membership: Mon–Fri 09:00–16:00".
    package static func refusal(_ access: PlanAccess, on day: CalendarDay) -> String {
        let today = access.windows.ranges(weekdayFromMonday: day.weekdayFromMonday)
        let when = today.isEmpty ? access.windows.shown : today.map(\.shown).joined(separator: ", ")
        return "\(access.shownName) membership: \(when.isEmpty ? "no access hours" : when)"
    }
}
