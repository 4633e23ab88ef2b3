import DeskLanguage
import Foundation
import MemberKit

/// The front desk's lock, as the reducer keeps it: who is on duty (nobody: locked), when a key
/// was last pressed (for the idle relock), the wrong-PIN lockout, and a form that locking put
/// aside with its typed text (it comes back at the next sign-in). Taps are never behind it.
public struct DeskLock: Sendable, Equatable {
    public struct OnDuty: Sendable, Equatable {
        public var name: String
        public var role: StaffRole
    }

    /// Operators exist and `staff.lock` is on: without that, every action is open (and recorded
    /// with no operator, as before there were operators).
    public var enabled: Bool
    public var idleSeconds: TimeInterval
    public var onDuty: OnDuty?
    public var lastKeyAt: Date
    public var lockout = SignInLockout()
    /// A form with typed text, put aside by locking.
    public var heldDialog: DeskDialog?
    /// The operator a manager's PIN was given by, for the one action it was given for.
    var actingFor: String?
    /// The pass of the latest refused tap, for "let in anyway" while its banner shows.
    var refusedPass: String?

    public init(enabled: Bool, idleMinutes: Double, now: Date) {
        self.enabled = enabled
        idleSeconds = max(1, idleMinutes * 60)
        lastKeyAt = now
    }

    public var isLocked: Bool { enabled && onDuty == nil }

    /// Whoever the record names for an action now (nil: nobody signed in, or no lock).
    var operatorName: String? { actingFor ?? onDuty?.name }

    /// Whether the desk may do what needs `permission` now, without asking for a PIN.
    func allows(_ permission: StaffPermission) -> Bool {
        guard enabled else { return true }
        if actingFor != nil { return true }
        return onDuty.map { permission.allows($0.role) } ?? false
    }

    /// When an operator on duty is signed out for want of keys.
    var idleDeadline: Date? {
        guard enabled, onDuty != nil else { return nil }
        return lastKeyAt.addingTimeInterval(idleSeconds)
    }

    /// The refusal banner's line: `l` lets the member in anyway, and whether a manager's PIN comes first.
    var letInAnywayHint: String {
        allows(.override) ? tr("Press l to let them in anyway") : tr("Press l to let them in anyway (needs a manager's PIN)")
    }

    /// The status bar's words: `Locked`, or who is on duty.
    var barText: String? {
        guard enabled else { return nil }
        return onDuty.map { tr("On duty: %@", $0.name) } ?? tr("Locked")
    }
}
