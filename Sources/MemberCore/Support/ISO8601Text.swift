import Foundation

/// ISO-8601 times from outside text (files, sync files, arguments), parsed only once
/// `DateText` has found the text of a safe shape (ICU traps on some others).
package enum ISO8601Text {
    /// Whether `text` has a shape ICU can be given safely (it may still not be a time).
    package static func isPlausible(_ text: String) -> Bool { DateText.isPlausible(text) }

    /// `formatter.date(from: text)` for a plausible text (default: a new ISO8601DateFormatter,
    /// made only then: its construction costs more than the check); nil otherwise.
    package static func date(from text: String, using formatter: ISO8601DateFormatter? = nil) -> Date? {
        guard DateText.isPlausible(text) else { return nil }
        return (formatter ?? ISO8601DateFormatter()).date(from: text)
    }
}
