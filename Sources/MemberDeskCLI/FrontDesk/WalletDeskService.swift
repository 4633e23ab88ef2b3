import DeskUI
import Foundation
import MemberKit
import WalletPasses

/// The desk's `w` key: `wallet apple MEMBER` into the out folder, and the Google link's length.
struct WalletDeskService: WalletPassService {
    let wallet: MemberWallet

    var missingSetUp: [String] { wallet.wallet.missingApple }

    func writePass(memberId: String) throws -> WalletPassNotice {
        // The set-up is read at each key, so a fixed certificate or key file needs no restart.
        let issuer = try wallet.appleIssuer()
        let member = try wallet.member(memberId, issuing: .apple)
        let path = try wallet.defaultPath(for: member)
        try wallet.writeApplePass(member, with: issuer, to: path)
        guard wallet.wallet.missingGoogle.isEmpty else {
            return WalletPassNotice(memberName: member.name, path: path, googleLinkLength: nil)
        }
        do {
            let google = try wallet.member(memberId, issuing: .google)
            let link = try wallet.googleIssuer().saveLink(for: google, at: wallet.club.clock.now())
            return WalletPassNotice(memberName: member.name, path: path, googleLinkLength: link.count)
        } catch {
            return WalletPassNotice(memberName: member.name, path: path, googleLinkLength: nil, googleProblem: "\(error)")
        }
    }
}
