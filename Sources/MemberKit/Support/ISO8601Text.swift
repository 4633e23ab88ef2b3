import Foundation

/// ISO-8601 times from outside text (files, sync files, arguments). ICU's parser divides by
/// zero on some overlong inputs: a fraction of 35 digits or more kills the process with SIGFPE
/// (found by the CSVReader fuzz target). Text of an implausible shape never reaches it.
public enum ISO8601Text {
    /// "2026-11-22T16:06:17.123456789+01:00" is 35 characters.
    static let maximumLength = 40
    /// Nanoseconds at most; dates have runs of 4 digits or fewer (8 in the basic format).
    static let maximumDigitRun = 9

    /// Whether `text` has a shape ICU can be given safely (it may still not be a time).
    public static func isPlausible(_ text: String) -> Bool {
        guard text.utf8.count <= maximumLength else { return false }
        var run = 0
        for byte in text.utf8 {
            run = (0x30...0x39).contains(byte) ? run + 1 : 0
            if run > maximumDigitRun { return false }
        }
        return true
    }

    /// `formatter.date(from: text)` for a plausible text; nil otherwise.
    public static func date(from text: String, using formatter: ISO8601DateFormatter = ISO8601DateFormatter()) -> Date? {
        isPlausible(text) ? formatter.date(from: text) : nil
    }
}
