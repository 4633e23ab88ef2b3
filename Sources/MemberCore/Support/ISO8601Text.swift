import Foundation

/// ISO-8601 times from outside text (files, sync files, arguments), parsed only once
/// `DateText` has found the text of a safe shape (ICU traps on some others). The times memberdesk
/// writes itself are read by arithmetic (`CanonicalTime`); ICU reads the rest.
package enum ISO8601Text {
    /// ISO8601DateFormatter's own default zone.
    package static let utc = TimeZone(secondsFromGMT: 0)!

    /// Whether `text` has a shape ICU can be given safely (it may still not be a time).
    package static func isPlausible(_ text: String) -> Bool { DateText.isPlausible(text) }

    /// The time a plausible `text` names, read with `options` (ISO8601DateFormatter's defaults
    /// unless told) in `timeZone`, by a new formatter where the arithmetic cannot (making one
    /// costs about two parses: MemberKit's `ISO8601Formatters` keeps them); nil for any other text.
    package static func date(from text: String, options: ISO8601DateFormatter.Options = [.withInternetDateTime],
                             timeZone: TimeZone = utc) -> Date? {
        guard DateText.isPlausible(text) else { return nil }
        if let date = canonicalDate(text, options: options) { return date }
        return makeFormatter(options: options, timeZone: timeZone).date(from: text)
    }

    /// A canonical internet time's instant (`CanonicalTime`), where `options` are the internet
    /// time's (with or without milliseconds); nil for other text or options.
    package static func canonicalDate(_ text: String, options: ISO8601DateFormatter.Options) -> Date? {
        guard options == [.withInternetDateTime] || options == [.withInternetDateTime, .withFractionalSeconds] else { return nil }
        return CanonicalTime.date(text, fractional: options.contains(.withFractionalSeconds))
    }

    package static func makeFormatter(options: ISO8601DateFormatter.Options, timeZone: TimeZone) -> ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = timeZone
        formatter.formatOptions = options
        return formatter
    }
}
