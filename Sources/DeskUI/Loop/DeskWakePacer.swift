import Dispatch
import MemberKit
import Synchronization

/// Wakes the loop for bus events: at once for anything staff wait for (a check-in, a member
/// change, the reader), but for UI-only events (beacon readings, log lines) at most every
/// `interval`, so a busy radio cannot make the desk redraw hundreds of times a second. A reading
/// held back shows with the next wake (the clock wakes the loop every second).
public final class DeskWakePacer: Sendable {
    private let wakeUp: DeskWakeUp
    private let intervalNanoseconds: UInt64
    private let lastLazyWake = Mutex<UInt64?>(nil)
    /// Monotonic nanoseconds; injected by tests.
    private let clock: @Sendable () -> UInt64

    public init(_ wakeUp: DeskWakeUp, interval: Double = 0.1,
                clock: @escaping @Sendable () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }) {
        self.wakeUp = wakeUp
        intervalNanoseconds = UInt64(interval * 1e9)
        self.clock = clock
    }

    public func delivered(_ event: DeskEvent) {
        guard event.isDroppable else { return wakeUp.wake() }
        let now = clock()
        let due = lastLazyWake.withLock { last in
            if let last, now &- last < intervalNanoseconds { return false }
            last = now
            return true
        }
        if due { wakeUp.wake() }
    }
}
