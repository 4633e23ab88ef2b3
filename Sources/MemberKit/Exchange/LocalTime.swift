import Foundation

/// ISO-8601 local times with an offset and milliseconds, e.g. 2026-01-01T09:30:00.250+01:00.
enum LocalTime {
    /// The machine's calendar and zone, which every local time and day of the exchange files is read in.
    static var calendar: Calendar { .current }

    static func text(_ time: Double) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = .current
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date(timeIntervalSince1970: time))
    }

    static func parse(_ text: String) -> Double? {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = .current
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = ISO8601Text.date(from: text, using: formatter) { return date.timeIntervalSince1970 }
        formatter.formatOptions = [.withInternetDateTime]
        if let date = ISO8601Text.date(from: text, using: formatter) { return date.timeIntervalSince1970 }
        // A number of epoch seconds also works (what a spreadsheet may leave after editing).
        return Double(text).flatMap { $0.isFinite ? $0 : nil }
    }
}
