import Foundation
import MemberKit

/// How `memberdesk audit` prints an entry: one line for a person, or one JSON object.
enum AuditOutput {
    static func json(_ entry: AuditEntry) -> [String: JSONValue] {
        [
            "time": .string(StaffOutput.iso(entry.time)),
            "desk": .string(entry.desk),
            "operator": entry.operator.map(JSONValue.string) ?? .null,
            "method": .string(entry.method.rawValue),
            "action": .string(entry.action.rawValue),
            "memberId": entry.memberId.map(JSONValue.string) ?? .null,
            "detail": .object(entry.detail.mapValues(JSONValue.string)),
        ]
    }

    static func line(_ entry: AuditEntry) -> String {
        let detail = entry.detail.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        return [MemberTable.date(entry.time), entry.desk, entry.operator ?? "-", entry.method.rawValue, entry.action.rawValue,
                entry.memberId ?? "-", detail].joined(separator: "  ").trimmingCharacters(in: .whitespaces)
    }
}
