import Foundation

/// ISO-8601 local times with an offset and milliseconds, e.g. 2026-01-01T09:30:00.250+01:00.
enum LocalTime {
    private static let withMilliseconds: ISO8601DateFormatter.Options = [.withInternetDateTime, .withFractionalSeconds]
    /// The machine's calendar and zone, which every local time and day of the exchange files is read in.
    static var calendar: Calendar { .current }

    static func text(_ time: Double) -> String {
        ISO8601Formatters.string(from: Date(timeIntervalSince1970: time), options: withMilliseconds, timeZone: .current)
    }

    static func parse(_ text: String) -> Double? {
        if let date = ISO8601Formatters.date(from: text, options: withMilliseconds, timeZone: .current) { return date.timeIntervalSince1970 }
        if let date = ISO8601Formatters.date(from: text, options: [.withInternetDateTime], timeZone: .current) { return date.timeIntervalSince1970 }
        // A number of epoch seconds also works (what a spreadsheet may leave after editing).
        return Double(text).flatMap { $0.isFinite ? $0 : nil }
    }
}
