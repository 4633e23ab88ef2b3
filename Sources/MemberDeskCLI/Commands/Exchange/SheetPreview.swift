import Foundation
import MemberKit

/// What the import preview adds for a spreadsheet from another system: which column became
/// what, and its first members as they will be stored, so a wrong mapping is seen before anything is written.
enum SheetPreview {
    static func print(_ mapping: SheetMapping, _ firstRows: [MemberRecord], repeated: Int) {
        MemberDeskCLI.print("  columns:")
        for line in mapping.lines { MemberDeskCLI.print("    " + line) }
        MemberDeskCLI.print("  first members as they will be stored:")
        for member in firstRows { MemberDeskCLI.print("    " + row(member)) }
        if repeated > 0 { MemberDeskCLI.print("  \(repeated) row\(repeated == 1 ? "" : "s") repeated word for word: read once") }
    }

    /// "Anna Müller · pass 04A23C99 · expires 2027-01-31 23:59 · userEmailAddress anna@example.org".
    static func row(_ member: MemberRecord) -> String {
        var parts = [member.displayName, "pass \(member.passId)", "expires \(MemberTable.expiryText(member))"]
        if member.status != .active { parts.append(member.status.rawValue) }
        for (name, value) in member.fields.sorted(by: { $0.key < $1.key }) {
            if let text = value.displayText, !text.isEmpty { parts.append("\(name) \(text)") }
        }
        if let note = member.note { parts.append("note \(note)") }
        return parts.joined(separator: " · ")
    }

    static func json(_ mapping: SheetMapping, _ firstRows: [MemberRecord], repeated: Int) -> [String: JSONValue] {
        let columns: [JSONValue] = zip(mapping.header, mapping.uses).map { header, use in
            var object: [String: JSONValue] = ["header": .string(header)]
            switch use {
            case .column(let column): object["becomes"] = .string(column.rawValue)
            case .field(let name): object["field"] = .string(name)
            case .unused: object["becomes"] = .null
            }
            return .object(object)
        }
        return ["columns": .array(columns), "firstRows": .array(firstRows.map { .string(row($0)) }), "repeatedRows": .int(repeated)]
    }
}
