import Foundation
import MemberKit

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

    /// The effective status, and the stored one beside it where they differ ("expired (stored: active)").
    static func statusText(_ member: MemberRecord, at time: Double) -> String {
        let effective = member.effectiveStatus(at: time)
        return effective.rawValue == member.status.rawValue ? effective.rawValue
            : "\(effective.rawValue) (stored: \(member.status.rawValue))"
    }

    /// The status column shows the effective status, as the desk does.
    static func print(_ members: [MemberRecord], fields: [String], at time: Double) {
        let columns = fields + ["status"]
        let rows = members.map { m in fields.map { cell(m, $0) } + [m.effectiveStatus(at: time).rawValue] }
        let widths = columns.indices.map { i in
            min(40, ([columns[i]] + rows.map { $0[i] }).map(TextWidth.of).max() ?? 0)
        }
        func line(_ cells: [String]) -> String {
            zip(cells, widths).map { TextWidth.pad($0, to: $1) }.joined(separator: "  ")
                .replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        MemberDeskCLI.print(line(columns))
        for row in rows { MemberDeskCLI.print(line(row)) }
        if members.isEmpty { MemberDeskCLI.print("(no members)") }
    }
}
