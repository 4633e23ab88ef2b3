import Foundation
import MemberKit

/// Every parser that hands outside text to Foundation's date formatters, fed any bytes: the typed
/// day or time (`DayOrTime`, behind --expires, --since, --from and the desk's Expires field),
/// ISO-8601 times as files carry them, a backup folder's file names, and birthdays. Never a crash
/// (issue 34: DateFormatter trapped on "70,11" + U+036B + U+FFFD…); and what reaches a Foundation
/// parser is always of `DateText`'s shape.
nonisolated(unsafe) let calendars: [Calendar] = ["Europe/Berlin", "Pacific/Kiritimati"].map {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: $0)!
    return calendar
}

nonisolated(unsafe) let backupNames = BackupFolder.formatter()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)

    let calendar = calendars[size % 2]
    let parsed = DayOrTime.parse(text, calendar: calendar)
    if parsed != nil {
        precondition(DateText.isPlausible(text), "a date parsed from text of another shape")
        precondition(text.utf8.allSatisfy { $0 < 0x80 }, "a date parsed from non-ASCII text")
    }
    if case .day(let start)? = parsed {
        // A day comes back as the day typed.
        let back = calendar.dateComponents([.year, .month, .day], from: start)
        let typed = CalendarDay(parsing: text)
        precondition(typed != nil && back.year == typed?.year && back.month == typed?.month && back.day == typed?.day,
                     "day round trip: \(text)")
    }
    // The expiry's own words ("never", trimming) around the same parse; the parse of a plausible
    // text was just run, so only the rest is run here (a formatter's construction is slow).
    if parsed != nil || !DateText.isPlausible(text) { _ = try? MemberFieldRules.expiry(text, calendar: calendar) }

    // ISO-8601 times as the exchange files read them (with and without fractions, local zone).
    _ = ISO8601Formatters.date(from: text, options: [.withInternetDateTime, .withFractionalSeconds], timeZone: .current)
    _ = ISO8601Formatters.date(from: text, timeZone: .current)
    _ = ISO8601Text.date(from: text)

    // A file in the backup folder.
    _ = BackupFolder.date(fromFileName: "members-" + text + ".sqlite", formatter: backupNames)

    // Birthdays and report days (our own arithmetic, no Foundation parser): still never a crash.
    if let birthday = Birthday(parsing: text) { precondition(Birthday(parsing: birthday.description) == birthday) }
    if let day = CalendarDay(parsing: text) { precondition(day.description == text, "day round trip: \(text)") }
    return 0
}
