import Foundation

/// Wrong PINs in a row: after `failuresAllowed` the desk refuses sign-ins for 30 s, and each
/// lockout after that doubles, up to 15 minutes. A right PIN starts over. Pure: time is given.
public struct SignInLockout: Sendable, Equatable {
    public static let failuresAllowed = 5
    static let firstLockout: TimeInterval = 30
    static let longestLockout: TimeInterval = 15 * 60

    public private(set) var failures = 0
    private(set) var lockouts = 0
    public private(set) var lockedUntil: Date?

    public init() {}

    /// Whether a sign-in may be tried at `now`.
    public func isLocked(at now: Date) -> Bool { lockedUntil.map { now < $0 } ?? false }

    /// Whole seconds until sign-ins are allowed again (0 when they are).
    package func secondsLeft(at now: Date) -> Int {
        guard let until = lockedUntil, now < until else { return 0 }
        return Int(until.timeIntervalSince(now).rounded(.up))
    }

    /// A wrong PIN at `now`; returns the lockout's length when this failure starts one.
    public mutating func fail(at now: Date) -> TimeInterval? {
        failures += 1
        guard failures >= Self.failuresAllowed else { return nil }
        let length = min(Self.longestLockout, Self.firstLockout * pow(2, Double(lockouts)))
        lockouts += 1
        failures = 0
        lockedUntil = now.addingTimeInterval(length)
        return length
    }

    /// A right PIN: everything starts over.
    public mutating func succeed() { self = SignInLockout() }
}
