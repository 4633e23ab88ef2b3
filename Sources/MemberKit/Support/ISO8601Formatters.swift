import Foundation
import Synchronization

/// ISO-8601 times read and written by one formatter per zone and options, made once: making
/// one loads ICU's locale data (about 90 µs, twice a parse, in an optimised build here), and an
/// import or an export reads or writes two or three times a row. Formatters are not safe to share between
/// threads, so each is used under the lock.
package enum ISO8601Formatters {
    private struct Kind: Hashable {
        let timeZone: TimeZone
        let options: UInt
    }

    private static let made = Mutex<[Kind: ISO8601DateFormatter]>([:])

    /// `date` as ISO8601DateFormatter writes it with `options` in `timeZone`.
    package static func string(from date: Date, options: ISO8601DateFormatter.Options = [.withInternetDateTime],
                               timeZone: TimeZone = ISO8601Text.utc) -> String {
        withFormatter(options, timeZone) { $0.string(from: date) }
    }

    /// `ISO8601Text.date`, with a formatter made once for the text the arithmetic leaves to ICU.
    package static func date(from text: String, options: ISO8601DateFormatter.Options = [.withInternetDateTime],
                             timeZone: TimeZone = ISO8601Text.utc) -> Date? {
        guard ISO8601Text.isPlausible(text) else { return nil }
        if let date = ISO8601Text.canonicalDate(text, options: options) { return date }
        // Checked above: the formatter is given only plausible text the arithmetic left.
        return withFormatter(options, timeZone) { $0.date(from: text) }
    }

    private static func withFormatter<Result: Sendable>(_ options: ISO8601DateFormatter.Options, _ timeZone: TimeZone,
                                                        _ body: (ISO8601DateFormatter) -> Result) -> Result {
        made.withLock { made in
            let kind = Kind(timeZone: timeZone, options: options.rawValue)
            if let formatter = made[kind] { return body(formatter) }
            let formatter = ISO8601Text.makeFormatter(options: options, timeZone: timeZone)
            made[kind] = formatter
            return body(formatter)
        }
    }
}
