import Foundation
import MemberKit

extension MemberWallet {
    /// The member a pass of `serialNumber` (a member id) shows now, for the web service: its barcode
    /// the member's latest Apple credential, voided once that is revoked or replaced, or the member
    /// suspended or deleted. Nil: no such member, or no Apple pass was ever issued.
    public func servedMember(serialNumber: String) throws -> WalletMember? {
        guard let record = try club.member(id: serialNumber),
              let latest = try club.latestPassCredential(memberId: record.memberId, wallet: .apple) else { return nil }
        var member = try walletMember(record)
        member.passId = latest.credential.credential
        if !latest.current { member.state = .inactive }
        return member
    }
}
