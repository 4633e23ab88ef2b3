import DeskLanguage
import Foundation
import MemberKit
import TerminalColumns

/// Members as an aligned table for people: readable headers, 80 columns at most (the widest
/// text columns are cut with "…"). `--json` keeps every field under its key.
enum MemberTable {
    static let width = 80

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
            return PlainText.shown(member.value(forField: field).displayText ?? "")
        }
    }

    /// The effective status, and the stored one beside it where they differ ("expired (stored: active)").
    static func statusText(_ member: MemberRecord, at time: Double) -> String {
        let effective = member.effectiveStatus(at: time)
        return effective.rawValue == member.status.rawValue ? effective.rawValue
            : "\(effective.rawValue) (stored: \(member.status.rawValue))"
    }

    /// The expiry that applies (`HouseholdRule.expiresAt`), naming the head's when it is that one.
    static func expiryText(_ member: MemberRecord) -> String {
        guard let expiry = HouseholdRule.expiresAt(member) else { return "never" }
        return date(expiry) + (expiry == member.expiresAt ? "" : " (the household head's)")
    }

    /// "open", "pack, 3 visits left", "household of Anna Lee (pack, 3 visits left)".
    static func planText(_ member: MemberRecord, _ standing: PlanStanding?) -> String {
        let pack = standing?.visitsLeft.map { "pack, " + DoorNotice.balance($0).lowercased() }
        guard member.plan == .household else { return member.plan == .pack ? pack ?? "pack" : member.plan.rawValue }
        guard let head = standing?.head else { return "household (no head here: open)" }
        return "household of \(head.displayName)" + (pack.map { " (\($0))" } ?? "")
    }

    /// A column: its header, its cells, and whether it may be cut to fit.
    struct Column {
        var header: String
        var value: (MemberRecord) -> String
        var cuttable: Bool
    }

    /// Name, pass, email (and a subclass's own fields), visits, last visit, and the effective status
    /// (as the desk shows it). The member id and the date added are left to `members show` and `--json`.
    static func columns(fields: [String], at time: Double, calendar: Calendar, withAlerts: Bool) -> [Column] {
        var columns = [
            Column(header: tr("Name"), value: { $0.username ?? "" }, cuttable: true),
            Column(header: tr("Pass"), value: { $0.passId }, cuttable: true),
        ]
        for field in fields where !MembershipUser.baseFieldNames.contains(field) {
            let header = field == "userEmailAddress" ? tr("Email") : field
            columns.append(Column(header: header, value: { cell($0, field) }, cuttable: true))
        }
        columns.append(Column(header: tr("Visits"), value: { String($0.numVisits) }, cuttable: false))
        columns.append(Column(header: tr("Last visit"), value: { date($0.timeStampOfLastVisit) }, cuttable: false))
        let today = CalendarDay.of(time, in: calendar)
        columns.append(Column(header: tr("Status"), value: { shownStatus(doorStatus($0, at: time, today: today)) }, cuttable: false))
        if withAlerts { columns.append(Column(header: tr("Alert"), value: { $0.alert ?? "" }, cuttable: true)) }
        return columns
    }

    /// A status word in the desk's language (the names stay English in --json).
    static func shownStatus(_ english: String) -> String {
        switch english {
        case "active": return tr("active")
        case "suspended": return tr("suspended")
        case "expired": return tr("expired")
        case "frozen": return tr("frozen")
        default: return english
        }
    }

    /// The effective status, "frozen" on a day a hold of its own holds.
    static func doorStatus(_ member: MemberRecord, at time: Double, today: CalendarDay) -> String {
        let status = member.effectiveStatus(at: time)
        return status == .active && MemberHold.holding(today, in: member.holds) != nil ? "frozen" : status.rawValue
    }

    /// `members show`'s lines for the alert, the freezes, the waiver and the guardian (each only when set).
    static func printDoorFacts(_ member: MemberRecord) {
        func line(_ label: String, _ value: String) { MemberDeskCLI.print("\(TextWidth.pad(label, to: 22)) \(PlainText.shown(value))") }
        if let alert = member.alert { line("alert", alert) }
        for hold in member.holds { line("frozen", hold.text) }
        if let waiver = member.waiver { line("waiver signed", waiver.description) }
        if let guardian = member.guardian { line("guardian", guardian) }
        if let product = member.product { line("plan sold", product) }
        if member.photo != nil { line("photo", "yes") }
    }

    static func print(_ members: [MemberRecord], fields: [String], at time: Double, calendar: Calendar) {
        let columns = columns(fields: fields, at: time, calendar: calendar, withAlerts: members.contains { $0.alert != nil })
        // One member, one line: a newline or escape in a name becomes "�".
        let rows = members.map { member in columns.map { PlainText.shown($0.value(member)) } }
        var widths = columns.indices.map { i in
            ([columns[i].header] + rows.map { $0[i] }).map(TextWidth.of).max() ?? 0
        }
        // Narrow the widest cuttable column, one column at a time, until the table fits.
        let gaps = 2 * (columns.count - 1)
        while widths.reduce(gaps, +) > width {
            let candidates = columns.indices.filter { columns[$0].cuttable && widths[$0] > max(6, TextWidth.of(columns[$0].header)) }
            guard let widest = candidates.max(by: { widths[$0] < widths[$1] }) else { break }
            widths[widest] -= 1
        }
        func line(_ cells: [String]) -> String {
            zip(cells, widths).map { TextWidth.pad($0, to: $1) }.joined(separator: "  ")
                .replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        MemberDeskCLI.print(line(columns.map(\.header)))
        for row in rows { MemberDeskCLI.print(line(row)) }
        if members.isEmpty { MemberDeskCLI.print("(no members)") }
    }
}
