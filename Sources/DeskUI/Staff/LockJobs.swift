import Foundation
import MemberKit

/// The lock's jobs, run by `DeskEffectRunner.runStaff`: the PIN checks on a worker of their own.
public enum LockEffect: Sendable, Equatable {
    /// A sign-in's PIN check (slow on purpose): on a worker of its own, so taps go on.
    case verifyPIN(StaffCredential, PIN)
    /// A manager's PIN for one action: checked as a sign-in's, recorded as an approval.
    case verifyApproval(StaffCredential, PIN, for: StaffPermission)
    /// Who is on duty now, for the taps the reader makes.
    case onDuty(String?)
    case recordLockout(seconds: TimeInterval)
    case loadOperators
}

/// The lock's answers, back to `LockReducer` (`.finished`).
public enum LockResult: Sendable, Equatable {
    case signedIn(StaffAccount)
    /// `usesATry`: a wrong PIN (a name or card that named no operator tested none).
    case signInFailed(String, usesATry: Bool)
    case operators([OperatorChoice])
    /// A job with no pane of its own to show its failure (the lockout's audit entry, the list of
    /// operators, who is on duty): the event log says it.
    case failed(job: String, error: String)
}

/// An operator as the sign-in offers it: the name, and the role (the manager's PIN offers managers).
public struct OperatorChoice: Sendable, Equatable {
    public var name: String
    public var role: StaffRole

    public init(name: String, role: StaffRole) {
        self.name = name
        self.role = role
    }
}
