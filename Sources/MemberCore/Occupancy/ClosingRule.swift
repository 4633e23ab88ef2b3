import Foundation

/// When a visit closes by itself: at the first closing time after its entry, or after the
/// longest stay, whichever comes first. Pure, so every desk closes the same visit at the same time.
/// The closing time is `occupancy.closing_time` when set, else the end of each day's opening
/// hours (`OpeningHours.closing(on:calendar:)`).
package enum ClosingRule {
    /// The automatic exit time of an entry at `since`, if it is due by `now`.
    @_spi(Decisions) public static func exitTime(since: Double, now: Double, settings: OccupancySettings) -> Double? {
        exitTime(since: since, now: now, maxStay: settings.maxStay, closing: nextClosing(after: since, settings: settings))
    }

    /// The same, with the entry's next closing instant already known (`ClosingWindow`).
    static func exitTime(since: Double, now: Double, maxStay: Double, closing: Double?) -> Double? {
        var candidates: [Double] = []
        if maxStay > 0 { candidates.append(since + maxStay) }
        if let closing { candidates.append(closing) }
        guard let time = candidates.min(), time <= now else { return nil }
        return time
    }

    /// Every time from the latest closing at or before an entry up to the next closing after it
    /// shares that next closing: closing time's entries, read oldest first, mostly fall in one
    /// window, so the calendar (most of closing time's CPU with 5,000 inside) is asked once a window.
    struct ClosingWindow {
        let settings: OccupancySettings
        private var from = Double.infinity, closing = -Double.infinity

        init(settings: OccupancySettings) {
            self.settings = settings
        }

        /// `nextClosing(after: time)`, from the window when `time` is in it.
        mutating func nextClosing(after time: Double) -> Double? {
            if time >= from, time < closing { return closing }
            guard let next = ClosingRule.nextClosing(after: time, settings: settings) else { return nil }
            if let last = ClosingRule.lastClosing(atOrBefore: time, settings: settings) { (from, closing) = (last, next) }
            return next
        }
    }

    /// Entries before this time may be due (the latest closing at or before `now`, or now less the
    /// longest stay): the store looks only at those.
    @_spi(Decisions) public static func dueBefore(now: Double, settings: OccupancySettings) -> Double? {
        var bounds: [Double] = []
        if settings.maxStay > 0 { bounds.append(now - settings.maxStay) }
        if let closing = lastClosing(atOrBefore: now, settings: settings) { bounds.append(closing) }
        return bounds.max()
    }

    /// By when every entry before `end` has its automatic exit (`end` itself when nothing closes
    /// visits): the report caches a past day only once it is settled, so its figures no longer
    /// depend on now.
    @_spi(Decisions) public static func settled(enteredBefore end: Double, settings: OccupancySettings) -> Double {
        var bounds: [Double] = []
        if settings.maxStay > 0 { bounds.append(end + settings.maxStay) }
        // The next closing after an entry never comes later than the next one after `end`.
        if let closing = nextClosing(after: end, settings: settings) { bounds.append(closing) }
        return bounds.min() ?? end
    }

    /// The rule's settings as one text ("" when nothing closes visits), stored with each cached
    /// report day: a day computed under another rule is computed again.
    @_spi(Decisions) public static func key(_ settings: OccupancySettings) -> String {
        guard settings.closes else { return "" }
        let key = "closing=\(settings.closingMinute.map(String.init) ?? "-") maxStay=\(settings.maxStay) zone=\(settings.calendar.timeZone.identifier)"
        return settings.closesAtHours ? key + " hours=" + settings.hours.key : key
    }

    /// The first closing instant strictly after `time`.
    @_spi(Decisions) public static func nextClosing(after time: Double, settings: OccupancySettings) -> Double? {
        if settings.closesAtHours { return settings.hours.nextClosing(after: time, calendar: settings.calendar) }
        guard let minute = settings.closingMinute else { return nil }
        let calendar = settings.calendar
        let day = calendar.startOfDay(for: Date(timeIntervalSince1970: time))
        for offset in 0...2 {
            guard let date = closing(on: day, plusDays: offset, minute: minute, calendar: calendar) else { continue }
            if date.timeIntervalSince1970 > time { return date.timeIntervalSince1970 }
        }
        return nil
    }

    /// The latest closing instant at or before `time`.
    @_spi(Decisions) public static func lastClosing(atOrBefore time: Double, settings: OccupancySettings) -> Double? {
        if settings.closesAtHours { return settings.hours.lastClosing(atOrBefore: time, calendar: settings.calendar) }
        guard let minute = settings.closingMinute else { return nil }
        let calendar = settings.calendar
        let day = calendar.startOfDay(for: Date(timeIntervalSince1970: time))
        for offset in [0, -1, -2] {
            guard let date = closing(on: day, plusDays: offset, minute: minute, calendar: calendar) else { continue }
            if date.timeIntervalSince1970 <= time { return date.timeIntervalSince1970 }
        }
        return nil
    }

    private static func closing(on day: Date, plusDays offset: Int, minute: Int, calendar: Calendar) -> Date? {
        guard let shifted = calendar.date(byAdding: .day, value: offset, to: day) else { return nil }
        return calendar.date(bySettingHour: minute / 60, minute: minute % 60, second: 0, of: shifted)
    }

    /// Parses `occupancy.closing_time` ("22:00"; "" for none) into minutes after midnight.
    package static func parseClosingTime(_ text: String) -> Int?? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return .some(nil) }
        let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count <= 2, parts[1].count == 2,
              let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour), (0..<60).contains(minute) else {
            return nil
        }
        return .some(hour * 60 + minute)
    }
}
