import Foundation
import MemberKit

extension DialogOpener {
    /// `w`: the selected member's wallet pass is written (its notice opens with the result), or a
    /// notice says what `[wallet]` set-up is missing.
    ///
    /// The answer is the pass written or why not, from `w` or from a new member's save (which
    /// writes the pass in the same step): the log says it, and the notice opens unless another
    /// dialog opened meanwhile (the log keeps it either way).
    static let walletPass = DialogOpener { state, _ in
        guard let missing = state.setup.walletMissing else {
            return DialogOpening(.notice(NoticeDialog(title: "Wallet pass", lines: ["Wallet passes are not available in this build."])))
        }
        guard missing.isEmpty else {
            return DialogOpening(.notice(NoticeDialog(title: "Wallet pass", lines: ["The wallet is not set up. Set in the config:"]
                + missing.map { "  \($0)" } + ["(docs/wallet.md; memberdesk config show)"])))
        }
        let memberId = state.showInside ? state.inside.selectedMember?.memberId
            : state.showStats ? nil : state.list.selectedMember?.memberId
        return memberId.map { DialogOpening(nil, effects: [.writeWalletPass(memberId: $0)]) }
    } answer: { result, state in
        let (lines, note): ([String], DeskNote)
        switch result {
        case .walletPassWritten(let notice):
            (lines, note) = (notice.lines, DeskNote(text: "wallet: \(notice.memberName)'s pass written to \(notice.path)", tone: .success))
        case .walletPassFailed(let error):
            (lines, note) = ([error], DeskNote(text: "wallet: \(error)", tone: .danger))
        default:
            return nil
        }
        return DialogAnswer(state.dialog == nil ? .notice(NoticeDialog(title: "Wallet pass", lines: lines)) : nil, note: note)
    }
}
