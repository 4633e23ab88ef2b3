import Foundation

/// Checks and conversions for what people type into member fields, shared by the CLI and the
/// front desk's edit form so that both accept exactly the same input.
public enum MemberFieldRules {
    /// An empty text is allowed (it clears the address).
    public static func validateEmail(_ email: String) throws {
        guard email.isEmpty || (email.contains("@") && !email.contains(where: \.isWhitespace) && email.count <= 254) else {
            throw DeskError.invalidInput("'\(email)' is not an email address")
        }
    }

    /// nil for "never" (or empty); a date is valid through the end of that local day.
    public static func expiry(_ text: String, calendar: Calendar = .current) throws -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed.lowercased() == "never" { return nil }
        switch DayOrTime.parse(trimmed, calendar: calendar) {
        case .day(let start)?:
            if let end = calendar.date(byAdding: .day, value: 1, to: start) { return end.timeIntervalSince1970 - 0.001 }
        case .time(let time)?:
            return time.timeIntervalSince1970
        case nil:
            break
        }
        throw DeskError.invalidInput("'\(text)' is not a date: use YYYY-MM-DD, an ISO-8601 time, or 'never'")
    }

    /// The day an expiry falls on, as the form shows it ("" for never).
    public static func expiryText(_ expiresAt: Double?, calendar: Calendar = .current) -> String {
        guard let expiresAt else { return "" }
        let day = DateFormatter()
        day.locale = Locale(identifier: "en_US_POSIX")
        day.calendar = calendar
        day.timeZone = calendar.timeZone
        day.dateFormat = "yyyy-MM-dd"
        return day.string(from: Date(timeIntervalSince1970: expiresAt))
    }
}
