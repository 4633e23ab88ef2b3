import Foundation
import MemberKit

/// One audit entry as the desk's audit view shows it: when, where, who, how, what, to whom, and
/// details; members and desks by name (`RecordNames`), not by id.
enum AuditLine {
    static func text(_ entry: AuditEntry, names: RecordNames) -> String {
        let who = entry.operator ?? "—"
        var line = "\(RelativeTime.day(entry.time)) · \(names.desk(of: entry)) · \(who) · \(entry.method.rawValue) · \(entry.action.rawValue)"
        if let member = entry.memberId { line += " · \(names.member(member))" }
        let detail = entry.detail.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
        if !detail.isEmpty { line += " · \(detail)" }
        return line
    }
}
