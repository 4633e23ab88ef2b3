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
        let day = DateFormatter()
        day.locale = Locale(identifier: "en_US_POSIX")
        day.calendar = calendar
        day.timeZone = calendar.timeZone
        day.dateFormat = "yyyy-MM-dd"
        day.isLenient = false
        if trimmed.count == 10, let date = day.date(from: trimmed),
           let end = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: date)) {
            return end.timeIntervalSince1970 - 0.001
        }
        if let date = ISO8601Text.date(from: trimmed) { return date.timeIntervalSince1970 }
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
