import Foundation

/// Checks and conversions for what people type into member fields, shared by the CLI and the
/// front desk's edit form so that both accept exactly the same input.
public enum MemberFieldRules {
    /// The longest text each field keeps, in characters (docs/commands.md, "Members and check-ins").
    public static let nameLimit = 200
    public static let emailLimit = 254
    public static let noteLimit = 2000
    /// Any other text field a member list carries (a subclass's own fields).
    public static let otherFieldLimit = 2000
    /// The door's alert is read at a glance on the banner: one short line.
    public static let alertLimit = 120
    /// Holds a member keeps (a few a year; a file cannot make a member carry thousands).
    public static let holdLimit = 100

    public static func validateAlert(_ alert: String) throws {
        try validateText(alert, field: "alert", limit: alertLimit)
    }

    /// A hold's reason: as short as an alert.
    public static func validateHoldReason(_ reason: String) throws {
        try validateText(reason, field: "freeze reason", limit: alertLimit)
    }

    /// A photo's name: the SHA-256 of its bytes, 64 lowercase hex digits.
    public static func isPhotoHash(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// A catalogue plan's name (`plans.catalogue.NAME`): 1 to 40 of a-z, 0-9 and "-".
    public static func isProductName(_ text: String) -> Bool {
        (1...40).contains(text.utf8.count)
            && text.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }
    }

    /// A name, e-mail, note or other field: one line of plain text (no control characters, see
    /// `PlainText.isControl`) no longer than `limit`. `field` names it in the one-line error.
    static func validateText(_ text: String, field: String, limit: Int) throws {
        if let found = PlainText.firstControl(in: text) {
            throw DeskError.invalidInput("\(field): a control character (\(PlainText.name(found.scalar))) at character \(found.position); "
                + "names, e-mails and notes are one line of plain text")
        }
        // Scalars bound too: a "character" may carry any number of combining marks.
        let count = text.count
        if count > limit || text.unicodeScalars.count > 4 * limit {
            throw DeskError.invalidInput("\(field): \(count) characters; at most \(limit)")
        }
    }

    public static func validateName(_ name: String, field: String = "name") throws {
        try validateText(name, field: field, limit: nameLimit)
    }

    public static func validateNote(_ note: String, field: String = "note") throws {
        try validateText(note, field: field, limit: noteLimit)
    }

    /// An empty text is allowed (it clears the address).
    public static func validateEmail(_ email: String, field: String = "e-mail") throws {
        try validateText(email, field: field, limit: emailLimit)
        guard email.isEmpty || (email.contains("@") && !email.contains(where: \.isWhitespace)) else {
            throw DeskError.invalidInput("'\(email)' is not an email address")
        }
    }

    /// A subclass field typed or read from a file: the e-mail's rule for the e-mail, else plain text.
    public static func validateField(_ name: String, _ value: JSONValue, label: String? = nil) throws {
        guard case .string(let text) = value else { return }
        if name == emailField { return try validateEmail(text, field: label ?? "e-mail") }
        try validateText(text, field: label ?? name, limit: otherFieldLimit)
    }

    package static let emailField = "userEmailAddress"

    /// The texts of a member from a file (an import): the first that breaks the rule, as the
    /// import's one-line error; nil when all keep it. The e-mail's shape is not checked here:
    /// ClubKit files have always carried whatever the app stored.
    package static func textProblem(in record: MemberRecord) -> String? {
        do {
            try validateName(record.username ?? "")
            try validateNote(record.note ?? "")
            try validateAlert(record.alert ?? "")
            try validateName(record.guardian ?? "", field: "guardian")
            for hold in record.holdRecords { try validateHoldReason(hold.reason ?? "") }
            if record.holdRecords.count > holdLimit { return "freezes: \(record.holdRecords.count); at most \(holdLimit)" }
            if let photo = record.photo, !isPhotoHash(photo) { return "photo: '\(photo)' is not a SHA-256 in hex" }
            if let product = record.product, !isProductName(product) { return "plan sold: '\(product)' is not a plan's name" }
            for (name, value) in record.fields.sorted(by: { $0.key < $1.key }) {
                guard case .string(let text) = value else { continue }
                try validateText(text, field: name == emailField ? "e-mail" : name,
                                 limit: name == emailField ? emailLimit : otherFieldLimit)
            }
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// A member from a sync file, made to keep the rule: control characters become "�" and
    /// over-long texts are cut. Sync files come from desks (older ones may have let such text
    /// in); refusing the record would keep the member off this desk, so it is kept, made safe.
    /// The same on every desk, so desks still agree.
    package static func sanitised(_ record: MemberRecord) -> MemberRecord {
        func clean(_ text: String, _ limit: Int) -> String {
            // Most texts are short printable ASCII: a sync of a million members pays one scan each.
            if text.utf8.count <= limit, text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
            var shown = PlainText.shown(text)
            if shown.count > limit { shown = String(shown.prefix(limit)) }
            if shown.unicodeScalars.count > 4 * limit {
                shown = String(String.UnicodeScalarView(shown.unicodeScalars.prefix(4 * limit)))
            }
            return shown
        }
        var record = record
        record.username = record.username.map { clean($0, nameLimit) }
        record.note = record.note.map { clean($0, noteLimit) }
        record.alert = record.alert.map { clean($0, alertLimit) }
        record.guardian = record.guardian.map { clean($0, nameLimit) }
        if !record.holdRecords.isEmpty {
            record.holdRecords = record.holdRecords.map {
                var hold = $0
                hold.reason = hold.reason.map { clean($0, alertLimit) }
                return hold
            }.suffix(holdLimit).map { $0 }
        }
        if let photo = record.photo, !isPhotoHash(photo) { record.photo = nil }
        if let product = record.product, !isProductName(product) { record.product = nil }
        for (name, value) in record.fields {
            if case .string(let text) = value {
                let cleaned = clean(text, name == emailField ? emailLimit : otherFieldLimit)
                if cleaned != text { record.fields[name] = .string(cleaned) }
            }
        }
        return record
    }

    /// nil for "never" (or empty); a date is valid through the end of that local day.
    public static func expiry(_ text: String, calendar: Calendar) throws -> Double? {
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
    public static func expiryText(_ expiresAt: Double?, calendar: Calendar) -> String {
        guard let expiresAt else { return "" }
        // By the calendar's own arithmetic: a DateFormatter made per call cost more than the list row it labels.
        let day = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: expiresAt))
        let (y, m, d) = (day.year ?? 0, day.month ?? 0, day.day ?? 0)
        return (y < 1000 ? String(String(y + 10000).suffix(4)) : String(y)) + (m < 10 ? "-0" : "-") + String(m) + (d < 10 ? "-0" : "-") + String(d)
    }
}
