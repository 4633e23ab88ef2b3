import Foundation

/// "just now", "40 s ago", "3 min ago", "2 h ago", "5 d ago", "never": the list's last-visit column.
public enum RelativeTime {
    public static func describe(_ time: Double, now: Date) -> String {
        guard time > 0 else { return "never" }
        let seconds = now.timeIntervalSince1970 - time
        if seconds < 0 { return "just now" }
        let s = Int(seconds)
        if s < 5 { return "just now" }
        if s < 60 { return "\(s) s ago" }
        if s < 3600 { return "\(s / 60) min ago" }
        if s < 86400 { return "\(s / 3600) h ago" }
        if s < 86400 * 365 { return "\(s / 86400) d ago" }
        return "\(s / (86400 * 365)) y ago"
    }

    /// "14:05:09", for the clock and the event log.
    public static func clock(_ date: Date, seconds: Bool = true) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = seconds ? "HH:mm:ss" : "HH:mm"
        return formatter.string(from: date)
    }

    public static func day(_ time: Double) -> String {
        guard time > 0 else { return "-" }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: Date(timeIntervalSince1970: time))
    }
}
