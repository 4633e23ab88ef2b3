import ArgumentParser
import Foundation
import MemberKit

/// Checks and conversions for what people type into member fields.
enum MemberInput {
    static func validateEmail(_ email: String) throws {
        guard email.isEmpty || (email.contains("@") && !email.contains(where: \.isWhitespace) && email.count <= 254) else {
            throw ValidationError("'\(email)' is not an email address")
        }
    }

    /// nil for "never"; a date is valid through the end of that local day.
    static func expiry(_ text: String) throws -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed.lowercased() == "never" { return nil }
        let day = DateFormatter()
        day.locale = Locale(identifier: "en_US_POSIX")
        day.dateFormat = "yyyy-MM-dd"
        day.isLenient = false
        if trimmed.count == 10, let date = day.date(from: trimmed),
           let end = Calendar.current.date(byAdding: .day, value: 1, to: Calendar.current.startOfDay(for: date)) {
            return end.timeIntervalSince1970 - 0.001
        }
        if let date = ISO8601DateFormatter().date(from: trimmed) { return date.timeIntervalSince1970 }
        throw ValidationError("--expires '\(text)' is not a date: use YYYY-MM-DD, an ISO-8601 time, or 'never'")
    }
}

/// Members as an aligned table, columns from `variableNamesAsStrings()`.
enum MemberTable {
    static func date(_ time: Double) -> String {
        guard time > 0 else { return "-" }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: Date(timeIntervalSince1970: time))
    }

    static func cell(_ member: MemberRecord, _ field: String) -> String {
        switch field {
        case "timeStampAdded", "timeStampOfLastVisit":
            if case .double(let t) = member.value(forField: field) { return date(t) }
            return "-"
        default:
            return member.value(forField: field).displayText ?? ""
        }
    }

    static func print(_ members: [MemberRecord], fields: [String]) {
        let columns = fields + ["status"]
        let rows = members.map { m in fields.map { cell(m, $0) } + [m.status.rawValue] }
        let widths = columns.indices.map { i in
            min(40, ([columns[i]] + rows.map { $0[i] }).map(TextWidth.of).max() ?? 0)
        }
        func line(_ cells: [String]) -> String {
            zip(cells, widths).map { TextWidth.pad($0, to: $1) }.joined(separator: "  ")
                .replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        Swift.print(line(columns))
        for row in rows { Swift.print(line(row)) }
        if members.isEmpty { Swift.print("(no members)") }
    }
}
