import Foundation
import MemberKit

extension DialogOpener {
    /// `a`: the audit record (managers), newest entries first, once it is read; or the log says
    /// why it could not be read.
    static let audit = DialogOpener(permission: .viewAudit) { _, _ in
        DialogOpening(nil, effects: [.loadAudit])
    } answer: { result, _ in
        switch result {
        case .audit(let entries, let names):
            let lines = entries.reversed().map { AuditLine.text($0, names: names) }
            return DialogAnswer(.notice(NoticeDialog(title: "Audit record · newest first",
                                                     lines: lines.isEmpty ? ["Nothing recorded yet."] : Array(lines))))
        case .auditFailed(let error):
            return DialogAnswer(nil, note: DeskNote(text: "audit: \(error)", tone: .danger))
        default:
            return nil
        }
    }
}
