import Foundation
import MemberKit
import WalletPasses

/// The mail merge's CSV: one row per member, cells quoted as RFC 4180 says and a spreadsheet's
/// formula triggers neutralised (`FormulaGuard`), since names come from members.
enum WalletLinkCSV {
    static let header = "memberId,name,email,link\r\n"

    static func row(_ member: WalletMember, link: String) -> String {
        [member.memberId, member.name, member.email ?? "", link].map(cell).joined(separator: ",") + "\r\n"
    }

    static func cell(_ text: String) -> String {
        let guarded = FormulaGuard.neutralize(text)
        guard guarded.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }) else { return guarded }
        return "\"" + guarded.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
