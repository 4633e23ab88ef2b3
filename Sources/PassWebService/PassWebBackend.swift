import Foundation
import MemberKit

/// What the service asks of the club, one call an endpoint: the port between HTTP and the store.
/// `ClubPassWebBackend` is the real one; tests hand the responder a fake.
public protocol PassWebBackend: Sendable {
    func register(_ key: PassWebRegistrationKey, pushToken: String, token: String?) throws -> PassWebRegistrationDecision
    func unregister(_ key: PassWebRegistrationKey, token: String?) throws -> PassWebUnregistration
    func serials(device: String, passTypeId: String, since: Int?) throws -> PassWebSerials
    /// The decision and, for `.send`, the signed .pkpass.
    func latestPass(passTypeId: String, serialNumber: String, token: String?, ifModifiedSince: Int?) throws
        -> (decision: PassWebLatestPass, pkpass: [UInt8]?)
}
