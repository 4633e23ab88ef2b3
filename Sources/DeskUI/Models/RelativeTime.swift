import DeskLanguage
import Foundation

/// "just now", "40 s ago", "3 min ago", "2 h ago", "5 d ago", "never": the list's last-visit column.
public enum RelativeTime {
    public static func describe(_ time: Double, now: Date) -> String {
        guard time > 0 else { return tr("never") }
        let seconds = now.timeIntervalSince1970 - time
        if seconds < 0 { return tr("just now") }
        let s = Int(seconds)
        if s < 5 { return tr("just now") }
        if s < 60 { return tr("%@ s ago", String(s)) }
        if s < 3600 { return tr("%@ min ago", String(s / 60)) }
        if s < 86400 { return tr("%@ h ago", String(s / 3600)) }
        if s < 86400 * 365 { return tr("%@ d ago", String(s / 86400)) }
        return tr("%@ y ago", String(s / (86400 * 365)))
    }

    /// "14:05:09", for the clock and the event log. Every frame draws several of these, so they
    /// come from localtime_r (the local zone, as DateFormatter would use) rather than a new
    /// DateFormatter each time, which costs ICU a formatter's construction.
    public static func clock(_ date: Date, seconds: Bool = true) -> String {
        let t = localTime(date.timeIntervalSince1970)
        return seconds ? "\(twoDigits(t.tm_hour)):\(twoDigits(t.tm_min)):\(twoDigits(t.tm_sec))"
            : "\(twoDigits(t.tm_hour)):\(twoDigits(t.tm_min))"
    }

    /// "2026-01-01 09:30", local time; in another language its own form ("04.12.26, 09:30").
    public static func day(_ time: Double) -> String {
        guard time > 0 else { return "-" }
        if !DeskLanguage.isEnglish { return ShownDate.dayAndTime(time) }
        let t = localTime(time)
        let year = String(Int(t.tm_year) + 1900)
        return "\(year)-\(twoDigits(t.tm_mon + 1))-\(twoDigits(t.tm_mday)) \(twoDigits(t.tm_hour)):\(twoDigits(t.tm_min))"
    }

    private static func localTime(_ time: Double) -> tm {
        var seconds = time_t(time.rounded(.down))
        var result = tm()
        localtime_r(&seconds, &result)
        return result
    }

    private static func twoDigits(_ value: Int32) -> String {
        value < 10 ? "0\(value)" : String(value)
    }
}
