import Foundation

extension Calendar {
    /// Gregorian in UTC: a calendar that reads nothing from the process. It is what a setting holds
    /// until the caller passes the club's own (the desk's config passes the machine's time zone),
    /// so a decision made with the defaults is the same on every machine. Its zone is the one
    /// `ISO8601Text.utc` the core's dates are written in.
    public static let gregorianUTC: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = ISO8601Text.utc
        return calendar
    }()
}
