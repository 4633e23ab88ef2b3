import Foundation
@_spi(Decisions) import MemberCore

/// The pass web service's operations (`wallet serve`): each reads its facts, has the core decide
/// (`PassWebDecision`) and writes what it said, in one transaction. What a pass shows comes in as
/// a digest from the adapter that builds passes (`contentDigest`), read outside the transaction.
extension Club {
    /// A pass about to be issued with the web service: its token's digest and what it shows.
    @discardableResult
    public func recordWebPass(passTypeId: String, serialNumber: String, tokenDigest: [UInt8], contentDigest: [UInt8]) throws -> PassWebPass {
        let now = clock.now().timeIntervalSince1970
        return try storeErrorsPublished {
            try database.recordWebPass(passTypeId: passTypeId, serialNumber: serialNumber, tokenDigest: tokenDigest,
                                       contentDigest: contentDigest, at: now)
        }
    }

    public func registerWebPass(_ key: PassWebRegistrationKey, pushToken: String, presented: [UInt8]?,
                                limits: PassWebLimits) throws -> PassWebRegistrationDecision {
        let now = clock.now().timeIntervalSince1970
        return try storeErrorsPublished {
            try database.registerWebPass(key, pushToken: pushToken, presented: presented, limits: limits, at: now)
        }
    }

    public func unregisterWebPass(_ key: PassWebRegistrationKey, presented: [UInt8]?) throws -> PassWebUnregistration {
        try storeErrorsPublished { try database.unregisterWebPass(key, presented: presented) }
    }

    /// The serials of the device's passes changed since `since`. `contentDigest`: what a serial's
    /// pass shows now (nil: its member is gone, the pass stays as it was).
    public func webPassSerials(device: String, passTypeId: String, since: Int?,
                               contentDigest: (String) throws -> [UInt8]?) throws -> PassWebSerials {
        let registered = try database.webPassesRegistered(device: device, passTypeId: passTypeId)
        guard !registered.isEmpty else { return .none }
        var digests: [String: [UInt8]] = [:]
        for pass in registered { digests[pass.serialNumber] = try contentDigest(pass.serialNumber) }
        let now = clock.now().timeIntervalSince1970
        let refreshed = try storeErrorsPublished { try database.refreshWebPasses(passTypeId: passTypeId, contentDigests: digests, at: now) }
        let current = registered.map { pass in refreshed.first { $0.serialNumber == pass.serialNumber } ?? pass }
        return PassWebDecision.decide(serials: current, since: since)
    }

    /// Whether to send the latest pass, and its tag. `contentDigest` is asked only with the right token.
    public func latestWebPass(passTypeId: String, serialNumber: String, presented: [UInt8]?, ifModifiedSince: Int?,
                              contentDigest: () throws -> [UInt8]?) throws -> PassWebLatestPass {
        let stored = try database.webPass(passTypeId: passTypeId, serialNumber: serialNumber)
        switch PassWebDecision.decide(latest: stored, presented: presented, ifModifiedSince: nil) {
        case .notFound: return .notFound
        case .unauthorized: return .unauthorized
        case .notModified, .send: break
        }
        guard let digest = try contentDigest() else { return .notFound }
        let now = clock.now().timeIntervalSince1970
        let refreshed = try storeErrorsPublished {
            try database.refreshWebPasses(passTypeId: passTypeId, contentDigests: [serialNumber: digest], at: now)
        }
        return PassWebDecision.decide(latest: refreshed.first, presented: presented, ifModifiedSince: ifModifiedSince)
    }

    /// Every device registered, with its pass (tests; `wallet status` later).
    public func webRegistrations() throws -> [PassWebRegistration] {
        try database.webRegistrations()
    }

    /// The member's current credential of `wallet` (`current` true), else its latest (revoked or
    /// replaced), else nil.
    public func latestPassCredential(memberId: String, wallet: WalletKind) throws -> (credential: PassCredential, current: Bool)? {
        if let current = try database.currentPassCredential(memberId: memberId, wallet: wallet) { return (current, true) }
        return try database.passCredentials(memberId: memberId).last { $0.wallet == wallet }.map { ($0, false) }
    }
}
