import Foundation
import Synchronization

/// ISO-8601 times from outside text (files, sync files, arguments), parsed only once
/// `DateText` has found the text of a safe shape (ICU traps on some others), and written.
package enum ISO8601Text {
    /// What a formatter is made for: the zone it writes in (and reads a text without an offset
    /// in) and its options.
    private struct Kind: Hashable {
        let timeZone: TimeZone
        let options: UInt
    }

    /// One formatter per kind, made once: making one loads ICU's locale data and costs about as much
    /// as a hundred parses, and an import reads two or three times a row (a 1,000-row sheet took
    /// seconds). Formatters are not safe to share between threads, so each is used under the lock.
    private static let formatters = Mutex<[Kind: ISO8601DateFormatter]>([:])

    /// ISO8601DateFormatter's own default zone.
    package static let utc = TimeZone(secondsFromGMT: 0)!

    /// Whether `text` has a shape ICU can be given safely (it may still not be a time).
    package static func isPlausible(_ text: String) -> Bool { DateText.isPlausible(text) }

    /// The time a plausible `text` names, read with `options` (ISO8601DateFormatter's defaults
    /// unless told); nil for any other text.
    package static func date(from text: String, options: ISO8601DateFormatter.Options = [.withInternetDateTime],
                             timeZone: TimeZone = utc) -> Date? {
        guard DateText.isPlausible(text) else { return nil }
        if options == [.withInternetDateTime] || options == [.withInternetDateTime, .withFractionalSeconds],
           let date = CanonicalTime.date(text, fractional: options.contains(.withFractionalSeconds)) {
            return date
        }
        return withFormatter(Kind(timeZone: timeZone, options: options.rawValue)) { $0.date(from: text) }
    }

    /// `date` as ISO8601DateFormatter writes it with `options` in `timeZone`.
    package static func string(from date: Date, options: ISO8601DateFormatter.Options = [.withInternetDateTime],
                               timeZone: TimeZone = utc) -> String {
        withFormatter(Kind(timeZone: timeZone, options: options.rawValue)) { $0.string(from: date) }
    }

    private static func withFormatter<Result: Sendable>(_ kind: Kind, _ body: (ISO8601DateFormatter) -> Result) -> Result {
        formatters.withLock { made in
            if let formatter = made[kind] { return body(formatter) }
            let formatter = ISO8601DateFormatter()
            formatter.timeZone = kind.timeZone
            formatter.formatOptions = ISO8601DateFormatter.Options(rawValue: kind.options)
            made[kind] = formatter
            return body(formatter)
        }
    }
}
