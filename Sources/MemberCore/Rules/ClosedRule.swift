import Foundation

/// Outside opening hours (`[hours]`) an entry is refused (`closed`), saying when the club opens.
/// After `TapDirectionRule` (an exit is never refused), before the member's own rules: a closed
/// club refuses everyone. No `[hours]`: always open.
@_spi(Decisions) public enum ClosedRule {
    package static func apply(_ facts: CheckInFacts) -> RuleVerdict {
        let hours = facts.settings.occupancy.hours, calendar = facts.settings.occupancy.calendar
        guard !hours.isAlwaysOpen, !hours.isOpen(at: facts.time, calendar: calendar) else { return .next }
        return .refuse(.closed, saying: refusal(hours, at: facts.time, calendar: calendar))
    }

    /// "Closed — opens 06:00" (later today), "… opens tomorrow 06:00", "… opens Monday 06:00"
    /// (within the week), "… opens 7 January 06:00"; on a day it does not open at all, "Closed
    /// today — opens …", or "Closed today" alone when it opens no time soon.
    package static func refusal(_ hours: OpeningHours, at time: Double, calendar: Calendar) -> String {
        let today = OpeningHours.day(of: time, calendar: calendar)
        let closedToday = hours.ranges(on: today).isEmpty
        let head = closedToday ? "Closed today" : "Closed"
        guard let opening = hours.opening(atOrAfter: time, calendar: calendar) else { return head }
        let day = OpeningHours.day(of: opening, calendar: calendar)
        let clock = calendar.dateComponents([.hour, .minute], from: Date(timeIntervalSince1970: opening))
        let at = DayRange.clock((clock.hour ?? 0) * 60 + (clock.minute ?? 0))
        switch day.dayNumber - today.dayNumber {
        case 0: return "\(head) — opens \(at)"
        case 1: return "\(head) — opens tomorrow \(at)"
        case 2...6: return "\(head) — opens \(WeeklyHours.fullDayNames[day.weekdayFromMonday]) \(at)"
        default: return closedToday ? head : "\(head) — opens \(day.day) \(monthNames[day.month - 1]) \(at)"
        }
    }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                             "October", "November", "December"]
}
