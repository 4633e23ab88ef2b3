import Foundation
import MemberKit

extension DialogOpener {
    /// `w`: the selected member's wallet pass is written (its notice opens with the result), or a
    /// notice says what `[wallet]` set-up is missing. The answer is `WalletFeature`'s.
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
        return memberId.map { DialogOpening(nil, effects: [.wallet(.write(memberId: $0))]) }
    }
}
