import Foundation

/// What an edit changed, as audit entries: one `edit` per field (field, before, after), and a
/// change of status as `suspend` or `reinstate`.
@_spi(Decisions) public enum MemberEdit {
    public struct Entry: Equatable {
        package var action: AuditAction
        package var detail: [String: String]
    }

    /// An expiry is said as its day in `calendar` (the club's, `PlanSettings.calendar`).
    package static func entries(before: MemberRecord, after: MemberRecord, calendar: Calendar) -> [Entry] {
        var entries: [Entry] = []
        if before.status != after.status {
            entries.append(Entry(action: after.status == .suspended ? .suspend : .reinstate, detail: [:]))
        }
        func edit(_ field: String, _ old: String?, _ new: String?) {
            if old != new { entries.append(Entry(action: .edit, detail: ["field": field, "before": old ?? "", "after": new ?? ""])) }
        }
        edit("pass", before.passId, after.passId)
        edit("name", before.username, after.username)
        edit("expires", before.expiresAt.map { MemberFieldRules.expiryText($0, calendar: calendar) },
             after.expiresAt.map { MemberFieldRules.expiryText($0, calendar: calendar) })
        edit("note", before.note, after.note)
        edit("plan", before.plan.rawValue, after.plan.rawValue)
        edit("household", before.household, after.household)
        edit("birthday", before.birthday?.description, after.birthday?.description)
        edit("alert", before.alert, after.alert)
        edit("freezes", MemberHold.text(before.holds), MemberHold.text(after.holds))
        edit("waiver", before.waiver?.description, after.waiver?.description)
        edit("guardian", before.guardian, after.guardian)
        edit("photo", before.photo, after.photo)
        edit("plan sold", before.product, after.product)
        for field in Set(before.fields.keys).union(after.fields.keys).sorted() {
            edit(field, before.fields[field]?.displayText, after.fields[field]?.displayText)
        }
        return entries
    }

}
