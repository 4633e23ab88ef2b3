import Foundation

/// The report's words and numbers: HTML escaping and locale-free formats, so a report reads the
/// same on every desk and a test can find its figures.
public enum ReportText {
    /// Escapes text for HTML content and quoted attributes: member names come from outside.
    package static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\u{0}"..."\u{8}", "\u{B}", "\u{C}", "\u{E}"..."\u{1F}", "\u{7F}": out += "\u{FFFD}"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// 12,345 (the desk's one way of grouping digits).
    package static func integer(_ value: Int) -> String {
        CountText.grouped(value)
    }

    /// One decimal: 3.5, 12.0
    package static func decimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return (tenths < 0 ? "-" : "") + integer(abs(tenths) / 10) + "." + String(abs(tenths) % 10)
    }

    /// "1 h 25 min", "45 min", "0 min"
    package static func duration(_ seconds: TimeInterval) -> String {
        let minutes = Int((seconds / 60).rounded())
        if minutes < 60 { return "\(minutes) min" }
        return minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min"
    }

    static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    package static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// "Tue 3 Mar 2026"
    package static func day(_ day: CalendarDay) -> String {
        "\(weekdays[day.weekdayFromMonday]) \(day.day) \(months[day.month - 1]) \(day.year)"
    }

    /// "3 Mar 2026"
    public static func shortDay(_ day: CalendarDay) -> String { "\(day.day) \(months[day.month - 1]) \(day.year)" }

    /// "18:00"
    static func hour(_ hour: Int) -> String { (hour < 10 ? "0" : "") + "\(hour):00" }

    /// "Tue 3 Mar 2026, 18:05" in the timeline's zone.
    package static func moment(_ date: Date, _ timeline: LocalTimeline) -> String {
        let local = timeline.localSeconds(date.timeIntervalSince1970)
        let dayNumber = Int((local / 86_400).rounded(.down))
        let minute = Int((local - Double(dayNumber) * 86_400) / 60)
        return day(CalendarDay(dayNumber: dayNumber)) + ", " + (minute / 60 < 10 ? "0" : "") + "\(minute / 60):"
            + (minute % 60 < 10 ? "0" : "") + "\(minute % 60)"
    }
}
