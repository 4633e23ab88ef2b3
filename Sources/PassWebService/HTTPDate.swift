import Foundation
import MemberKit

/// HTTP's dates (RFC 9110 IMF-fixdate, "Sun, 06 Nov 1994 08:49:37 GMT") for `Last-Modified` and
/// `If-Modified-Since`, in whole seconds.
enum HTTPDate {
    static func string(_ seconds: Int) -> String {
        formatter().string(from: Date(timeIntervalSince1970: Double(seconds)))
    }

    /// The seconds a header names; nil for anything else (the header is then ignored, as RFC 9110 says).
    static func seconds(_ text: String?) -> Int? {
        guard let text, text.utf8.count <= 64, let date = formatter().date(from: text) else { return nil }
        return Int(date.timeIntervalSince1970)
    }

    private static func formatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = ISO8601Text.utc  // GMT, as RFC 9110 names it
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter
    }
}
