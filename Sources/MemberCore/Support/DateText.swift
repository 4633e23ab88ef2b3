/// The one gate between outside text (arguments, the desk's fields, config values, imported and
/// sync files, file names) and Foundation's or ICU's date parsers. Those parsers trap on some
/// text instead of failing: a fraction of 35 digits divides by zero (SIGFPE), and "70,11" with a
/// combining mark and U+FFFD dies with "Incorrect range CFRange" (issue 34). So a parser is only
/// ever given text of the shapes we accept: ASCII digits and the separators of a day or an
/// ISO-8601 time, with short runs of digits and a bounded length.
package enum DateText {
    /// "2026-11-22T16:06:17.123456789+01:00" is 35 characters.
    static let maximumLength = 40
    /// Nanoseconds at most; dates have runs of 4 digits or fewer (8 in the basic format).
    package static let maximumDigitRun = 9

    /// Whether `text` has a shape a Foundation date parser can be given safely (it may still
    /// not be a date): 1 to 40 bytes of ASCII digits and `- : + . , T Z` (either case).
    package static func isPlausible(_ text: String) -> Bool {
        guard !text.utf8.isEmpty, text.utf8.count <= maximumLength else { return false }
        var run = 0
        for byte in text.utf8 {
            if (0x30...0x39).contains(byte) {
                run += 1
                if run > maximumDigitRun { return false }
                continue
            }
            run = 0
            switch byte {
            case UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: ","),
                 UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: "Z"), UInt8(ascii: "z"):
                continue
            default:
                return false
            }
        }
        return true
    }
}
