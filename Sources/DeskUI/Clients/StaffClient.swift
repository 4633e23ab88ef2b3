import Foundation
import MemberKit

/// The lock's way to the club: PIN checks (slow on purpose), the operators the sign-in offers,
/// and who is on duty for the reader's taps.
public struct StaffClient: Sendable {
    public var signIn: @Sendable (StaffCredential, PIN, AuditMethod) throws -> StaffAccount
    /// A manager's PIN for one action: checked as a sign-in's, recorded as an approval.
    public var approve: @Sendable (StaffPermission, StaffCredential, PIN, AuditMethod) throws -> StaffAccount
    public var operators: @Sendable () throws -> [OperatorChoice]
    /// Who is on duty, for the reader's taps (throws only where it is not set: a test's client).
    public var setOnDuty: @Sendable (String?) throws -> Void

    public init(signIn: @escaping @Sendable (StaffCredential, PIN, AuditMethod) throws -> StaffAccount,
                approve: @escaping @Sendable (StaffPermission, StaffCredential, PIN, AuditMethod) throws -> StaffAccount,
                operators: @escaping @Sendable () throws -> [OperatorChoice],
                setOnDuty: @escaping @Sendable (String?) throws -> Void) {
        self.signIn = signIn
        self.approve = approve
        self.operators = operators
        self.setOnDuty = setOnDuty
    }
}

extension StaffClient {
    /// `staff` nil: no PIN checker in this build (the desk never locks, a PIN is never checked).
    public static func live(_ club: Club, staff: DeskStaffServices?) -> StaffClient {
        let noChecker = ClientUnavailable("no PIN checker in this build")
        return StaffClient(
            signIn: { credential, pin, method in
                guard let hasher = staff?.hasher else { throw noChecker }
                return try club.signIn(credential, pin: pin, hasher: hasher, method: method)
            },
            approve: { permission, credential, pin, method in
                guard let hasher = staff?.hasher else { throw noChecker }
                return try club.approve(permission, credential: credential, pin: pin, hasher: hasher, method: method)
            },
            operators: { try club.staffAccounts().map { OperatorChoice(name: $0.name, role: $0.role) } },
            setOnDuty: { name in staff?.onDuty.set(name) })
    }

    public static let unimplemented = StaffClient(
        signIn: { _, _, _ in throw ClientUnavailable.unset("staff.signIn") },
        approve: { _, _, _, _ in throw ClientUnavailable.unset("staff.approve") },
        operators: { throw ClientUnavailable.unset("staff.operators") },
        setOnDuty: { _ in throw ClientUnavailable.unset("staff.setOnDuty") })
}
