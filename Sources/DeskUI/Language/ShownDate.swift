import DeskLanguage
import Foundation
import MemberKit

/// Days and times in the desk's language, by Foundation's formatters handed the chosen Locale
/// (never the process default). English keeps the ISO days the desk has always shown.
enum ShownDate {
    /// An expiry's day in the club's calendar: "2026-12-31", "31.12.26", "2026/12/31".
    static func day(_ time: Double, calendar: Calendar) -> String {
        guard !DeskLanguage.isEnglish else { return MemberFieldRules.expiryText(time, calendar: calendar) }
        let style = Date.FormatStyle(date: .numeric, time: .omitted, locale: DeskLanguage.locale, calendar: calendar,
                                     timeZone: calendar.timeZone)
        return Date(timeIntervalSince1970: time).formatted(style)
    }

    /// A day and time in the machine's zone, as the visit history lists them.
    static func dayAndTime(_ time: Double) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone.current
        let style = Date.FormatStyle(date: .numeric, time: .shortened, locale: DeskLanguage.locale, calendar: calendar,
                                     timeZone: calendar.timeZone)
        return Date(timeIntervalSince1970: time).formatted(style)
    }
}
