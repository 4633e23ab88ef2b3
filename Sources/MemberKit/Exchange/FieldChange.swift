import Foundation
import TerminalColumns

/// One field an import changes, with its value before and after: `email "a@x.org" → "b@x.org"`.
public struct FieldChange: Sendable, Equatable, Codable {
    /// The field as people name it: "name", "pass", "email", "status", "expiry", "note", "visits".
    public var field: String
    /// The values as people read them ("" when there was none).
    public var old: String
    public var new: String

    package init(field: String, old: String, new: String) {
        self.field = field
        self.old = old
        self.new = new
    }

    /// `name "Ann" → "Anna"`, `visits 3 → 5`, `email (none) → "a@x.org"`; long values end in "…".
    package var text: String { "\(field) \(Self.shown(old, quoted: quoted)) → \(Self.shown(new, quoted: quoted))" }

    /// Counts and dates read as they are; text is quoted, so that spaces and empty values show.
    private var quoted: Bool { !["visits", "expiry", "last visit", "status", "deleted", "plan", "birthday", "freezes", "waiver", "photo", "plan sold"].contains(field) }

    private static func shown(_ value: String, quoted: Bool) -> String {
        if value.isEmpty { return "(none)" }
        let cut = TextWidth.truncate(value.replacingOccurrences(of: "\n", with: " "), to: 40)
        return quoted ? "\"\(cut)\"" : cut
    }

    /// What differs between two versions of a member, in the one order every preview uses:
    /// name, pass, the subclass's fields (by name), status, expiry, note, visits, last visit, deleted.
    package static func between(_ a: MemberRecord, _ b: MemberRecord) -> [FieldChange] {
        var changes: [FieldChange] = []
        func add(_ field: String, _ old: String, _ new: String) {
            if old != new { changes.append(FieldChange(field: field, old: old, new: new)) }
        }
        add("name", a.username ?? "", b.username ?? "")
        add("pass", a.passId, b.passId)
        for key in Set(a.fields.keys).union(b.fields.keys).sorted() {
            add(label(field: key), a.fields[key]?.displayText ?? "", b.fields[key]?.displayText ?? "")
        }
        add("status", a.status.rawValue, b.status.rawValue)
        add("expiry", MemberFieldRules.expiryText(a.expiresAt, calendar: LocalTime.calendar),
            MemberFieldRules.expiryText(b.expiresAt, calendar: LocalTime.calendar))
        add("note", a.note ?? "", b.note ?? "")
        add("plan", a.plan.rawValue, b.plan.rawValue)
        add("household", a.household ?? "", b.household ?? "")
        add("birthday", a.birthday?.description ?? "", b.birthday?.description ?? "")
        for key in ["alert", "holds", "waiver", "guardian", "photo", "product"] {
            add(MemberFieldKey.label(key), a.valueText(of: key), b.valueText(of: key))
        }
        add("visits", String(a.numVisits), String(b.numVisits))
        if a.timeStampOfLastVisit != b.timeStampOfLastVisit {
            add("last visit", lastVisit(a.timeStampOfLastVisit), lastVisit(b.timeStampOfLastVisit))
        }
        // Deleted here, live in the file: the import restores the member.
        if a.deletedAt != nil, b.deletedAt == nil { add("deleted", "yes", "no") }
        return changes
    }

    /// ClubKit's field names as the desk's form labels them.
    static func label(field: String) -> String {
        field == "userEmailAddress" ? "email" : field
    }

    private static func lastVisit(_ time: Double) -> String {
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.dateFormat = "yyyy-MM-dd HH:mm"
        return format.string(from: Date(timeIntervalSince1970: time))
    }
}
