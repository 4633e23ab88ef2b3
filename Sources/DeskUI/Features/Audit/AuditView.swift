import Foundation
import MemberKit

extension DialogOpener {
    /// `a`: the audit record (managers), newest entries first, once it is read (`AuditFeature`).
    static let audit = DialogOpener(permission: .viewAudit) { _, _ in
        DialogOpening(nil, effects: [.audit(.load)])
    }
}

extension AuditFeature {
    /// The audit view: a notice of one line per entry, newest first.
    static func view(_ entries: [AuditEntry], names: RecordNames) -> NoticeDialog {
        let lines = entries.reversed().map { AuditLine.text($0, names: names) }
        return NoticeDialog(title: "Audit record · newest first", lines: lines.isEmpty ? ["Nothing recorded yet."] : Array(lines))
    }
}
