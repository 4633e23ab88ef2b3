import Foundation

/// The ISO-8601 internet times memberdesk itself writes (`2026-01-01T09:30:00.250+01:00`,
/// `…:00Z`), read by arithmetic. ICU clones its whole date format for every parse (about 45 µs
/// with a formatter kept, 135 µs with a new one, in an optimised build here: most of a
/// spreadsheet import's time); `ISO8601Text` asks this first and ICU only for the rest. It answers
/// only where ICU's answer is certain (the canonical layout, fields in range, years 1600–9999,
/// after the Gregorian switch) and nil otherwise, which sends the text on to ICU.
enum CanonicalTime {
    /// `text`'s time if it is `YYYY-MM-DDTHH:MM:SS` then (with `fractional`) exactly three
    /// digits of milliseconds after a `.`, then `Z` or `±HH:MM`; nil for any other text.
    static func date(_ text: String, fractional: Bool) -> Date? {
        let bytes = Array(text.utf8)
        let zoneAt = fractional ? 23 : 19
        guard bytes.count == zoneAt + 1 || bytes.count == zoneAt + 6 else { return nil }
        func number(_ at: Int, _ digits: Int) -> Int? {
            var value = 0
            for byte in bytes[at..<at + digits] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        func byte(_ at: Int, is character: Character) -> Bool { bytes[at] == character.asciiValue }
        guard byte(4, is: "-"), byte(7, is: "-"), byte(10, is: "T"), byte(13, is: ":"), byte(16, is: ":"),
              let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
              (1600...9999).contains(year), hour < 24, minute < 60, second < 60,
              let civil = CalendarDay(year: year, month: month, day: day) else { return nil }
        var milliseconds = 0
        if fractional {
            guard byte(19, is: "."), let value = number(20, 3) else { return nil }
            milliseconds = value
        }
        var offset = 0
        if bytes.count == zoneAt + 1 {
            guard byte(zoneAt, is: "Z") else { return nil }
        } else {
            guard byte(zoneAt, is: "+") || byte(zoneAt, is: "-"), byte(zoneAt + 3, is: ":"),
                  let hours = number(zoneAt + 1, 2), let minutes = number(zoneAt + 4, 2), hours < 24, minutes < 60 else { return nil }
            offset = (hours * 3600 + minutes * 60) * (byte(zoneAt, is: "-") ? -1 : 1)
        }
        let seconds = civil.dayNumber * 86_400 + hour * 3600 + minute * 60 + second - offset
        // As CoreFoundation turns ICU's milliseconds into a Date, so both give the same bits.
        return Date(timeIntervalSinceReferenceDate: Double(seconds * 1000 + milliseconds) / 1000 - Date.timeIntervalBetween1970AndReferenceDate)
    }
}
