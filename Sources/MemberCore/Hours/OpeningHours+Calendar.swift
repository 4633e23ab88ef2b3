import Foundation

/// The hours against the clock, in the club's local time (`calendar`, from `TZ`): whether the
/// club is open at an instant, when it next opens, when it closes. A local time the spring change
/// skips is read as Foundation reads it (02:30 is 03:30); one the autumn change repeats, its first
/// time. Every answer is an instant, so a 23- or 25-hour day is measured as it is.
extension OpeningHours {
    /// How far the search for the next opening or closing looks (a year of closed days is the most a club lists).
    static let searchDays = 400

    /// The local calendar day an instant falls on.
    package static func day(of time: Double, calendar: Calendar) -> CalendarDay {
        let parts = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: time))
        return CalendarDay(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
            ?? CalendarDay(dayNumber: Int((time / 86_400).rounded(.down)))
    }

    /// The instant of a local day's `minute` (1440: the next day's midnight).
    package static func instant(_ day: CalendarDay, minute: Int, calendar: Calendar) -> Double {
        if minute >= 1440 { return instant(day.adding(days: 1), minute: 0, calendar: calendar) }
        let parts = DateComponents(year: day.year, month: day.month, day: day.day, hour: minute / 60, minute: minute % 60)
        return calendar.date(from: parts)?.timeIntervalSince1970 ?? Double(day.dayNumber * 86_400 + minute * 60)
    }

    /// The day's openings as instants, in order.
    package func intervals(on day: CalendarDay, calendar: Calendar) -> [Range<Double>] {
        ranges(on: day).compactMap { range in
            let start = Self.instant(day, minute: range.start, calendar: calendar)
            let end = Self.instant(day, minute: range.end, calendar: calendar)
            return start < end ? start..<end : nil
        }
    }

    package func isOpen(at time: Double, calendar: Calendar) -> Bool {
        if isAlwaysOpen { return true }
        let day = Self.day(of: time, calendar: calendar)
        return intervals(on: day, calendar: calendar).contains { $0.contains(time) }
    }

    /// The first instant at or after `time` when the club is open (`time` itself when open); nil
    /// when it does not open within `searchDays`.
    package func opening(atOrAfter time: Double, calendar: Calendar) -> Double? {
        let today = Self.day(of: time, calendar: calendar)
        for offset in 0...Self.searchDays {
            for interval in intervals(on: today.adding(days: offset), calendar: calendar) where interval.upperBound > time {
                return max(interval.lowerBound, time)
            }
        }
        return nil
    }

    /// When the opening that holds `time` ends, carried over midnights it runs past (nil: closed
    /// at `time`, or open round the clock for the whole search).
    package func closing(ofOpeningAt time: Double, calendar: Calendar) -> Double? {
        var day = Self.day(of: time, calendar: calendar)
        guard var end = intervals(on: day, calendar: calendar).first(where: { $0.contains(time) })?.upperBound else { return nil }
        for _ in 0..<Self.searchDays {
            guard runsPastMidnight(day) else { return end }
            day = day.adding(days: 1)
            guard let next = intervals(on: day, calendar: calendar).first else { return end }
            end = next.upperBound
        }
        return nil
    }

    /// The day's closing: the end of its last range, unless that runs on into the next day (nil
    /// then, on a day that does not open, and without weekly hours: closed days alone close no visit).
    package func closing(on day: CalendarDay, calendar: Calendar) -> Double? {
        // On every operation's catch-up (`ClosingRule.dueBefore`): one instant, not the day's every range.
        guard weekly != nil, !runsPastMidnight(day), let last = ranges(on: day).last else { return nil }
        return Self.instant(day, minute: last.end, calendar: calendar)
    }

    /// Whether some weekday closes (its last range does not run on into the next day's first).
    /// Without closed days a week with none never closes: a club open round the clock would
    /// otherwise search `searchDays` days on every operation's catch-up.
    package var weekHasClosing: Bool { weekly?.closesSomeDay ?? false }

    /// Whether any day may close: a weekday that closes, or a closed day (the day before it closes at 24:00).
    private var mayClose: Bool { weekly != nil && (!closedDays.isEmpty || weekHasClosing) }

    /// The first day's closing strictly after `time`.
    package func nextClosing(after time: Double, calendar: Calendar) -> Double? {
        guard mayClose else { return nil }
        // A day's closing is never later than the next midnight: yesterday's is past.
        let today = Self.day(of: time, calendar: calendar)
        for offset in 0...Self.searchDays {
            if let closing = closing(on: today.adding(days: offset), calendar: calendar), closing > time { return closing }
        }
        return nil
    }

    /// The latest day's closing at or before `time`.
    package func lastClosing(atOrBefore time: Double, calendar: Calendar) -> Double? {
        guard mayClose else { return nil }
        let today = Self.day(of: time, calendar: calendar)
        for offset in stride(from: 0, through: -Self.searchDays, by: -1) {
            if let closing = closing(on: today.adding(days: offset), calendar: calendar), closing <= time { return closing }
        }
        return nil
    }
}
