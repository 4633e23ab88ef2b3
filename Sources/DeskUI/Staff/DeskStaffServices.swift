import MemberKit

/// What the lock works with, wired by the executable: the PIN checker (libsodium's, in
/// StaffAuth), whether the desk locks, and who is on duty for the reader's taps.
public struct DeskStaffServices: Sendable {
    public var hasher: any PINHasher
    public var lockEnabled: Bool
    public var idleMinutes: Double
    public var onDuty: OperatorOnDuty
    /// `staff.quit_when_locked`: a locked desk quits without a sign-in.
    public var quitWhenLocked: Bool

    public init(hasher: any PINHasher, lockEnabled: Bool, idleMinutes: Double = 5, onDuty: OperatorOnDuty = OperatorOnDuty(),
                quitWhenLocked: Bool = false) {
        self.hasher = hasher
        self.lockEnabled = lockEnabled
        self.idleMinutes = idleMinutes
        self.onDuty = onDuty
        self.quitWhenLocked = quitWhenLocked
    }
}
