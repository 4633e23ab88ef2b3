import Foundation
import MemberKit
import WalletPasses

/// The backend on the club's store and its pass issuer: tokens hashed here (SHA-256), passes
/// built and signed by WalletPasses, every decision the core's through `Club`.
public struct ClubPassWebBackend: PassWebBackend {
    let wallet: MemberWallet
    let issuer: ApplePassIssuer
    let limits: PassWebLimits

    public init(wallet: MemberWallet, issuer: ApplePassIssuer, limits: PassWebLimits) {
        self.wallet = wallet
        self.issuer = issuer
        self.limits = limits
    }

    var club: Club { wallet.club }

    public func register(_ key: PassWebRegistrationKey, pushToken: String, token: String?) throws -> PassWebRegistrationDecision {
        try club.registerWebPass(key, pushToken: pushToken, presented: token.map(PassWebToken.digest), limits: limits)
    }

    public func unregister(_ key: PassWebRegistrationKey, token: String?) throws -> PassWebUnregistration {
        try club.unregisterWebPass(key, presented: token.map(PassWebToken.digest))
    }

    public func serials(device: String, passTypeId: String, since: Int?) throws -> PassWebSerials {
        try club.webPassSerials(device: device, passTypeId: passTypeId, since: since) { serial in
            try wallet.servedMember(serialNumber: serial).map { try issuer.contentDigest(for: $0) }
        }
    }

    public func latestPass(passTypeId: String, serialNumber: String, token: String?, ifModifiedSince: Int?) throws
        -> (decision: PassWebLatestPass, pkpass: [UInt8]?) {
        var member: WalletMember?
        let decision = try club.latestWebPass(passTypeId: passTypeId, serialNumber: serialNumber, presented: token.map(PassWebToken.digest),
                                              ifModifiedSince: ifModifiedSince) {
            member = try wallet.servedMember(serialNumber: serialNumber)
            return try member.map { try issuer.contentDigest(for: $0) }
        }
        guard case .send(let tag) = decision, let member, let token else { return (decision, nil) }
        // The pass keeps the token the device presented (checked against its digest): the store holds no token.
        return (decision, try issuer.pkpass(for: member, token: token, at: Date(timeIntervalSince1970: Double(tag))))
    }
}
