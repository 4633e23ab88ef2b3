import Foundation
import MemberKit

/// How `memberdesk audit` prints an entry: one line for a person, or one JSON object. Members
/// and desks are named (`RecordNames`); the JSON keeps their ids beside the names.
enum AuditOutput {
    static func json(_ entry: AuditEntry, names: RecordNames) -> [String: JSONValue] {
        [
            "time": .string(StaffOutput.iso(entry.time)),
            "desk": .string(names.desk(of: entry)),
            "deskId": .string(entry.deskId),
            "operator": entry.operator.map(JSONValue.string) ?? .null,
            "method": .string(entry.method.rawValue),
            "action": .string(entry.action.rawValue),
            "memberId": entry.memberId.map(JSONValue.string) ?? .null,
            "member": entry.memberId.map { .string(names.member($0)) } ?? .null,
            "detail": .object(entry.detail.mapValues(JSONValue.string)),
        ]
    }

    static func line(_ entry: AuditEntry, names: RecordNames) -> String {
        let detail = entry.detail.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        return [MemberTable.date(entry.time), names.desk(of: entry), entry.operator ?? "-", entry.method.rawValue, entry.action.rawValue,
                entry.memberId.map(names.member) ?? "-", detail].joined(separator: "  ").trimmingCharacters(in: .whitespaces)
    }
}
