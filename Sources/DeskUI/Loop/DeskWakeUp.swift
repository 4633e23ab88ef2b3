import Foundation
import Synchronization

/// A self-pipe that wakes the front desk's loop out of poll(2): written when the bus delivers
/// to the desk's subscription, when a job finishes, or when the desk is asked to stop.
public final class DeskWakeUp: Sendable {
    /// Read end, for poll(2); becomes readable after `wake()`.
    public let descriptor: Int32
    private let writeEnd: Int32
    /// Set from `wake()` until `clear()`: a burst of events writes one byte, not one per event.
    private let signalled = Atomic<Bool>(false)

    public init() {
        var ends: [Int32] = [-1, -1]
        // Non-blocking both ways: a full pipe already says "wake up"; reading an empty one must not wait.
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
        } else {
            ends = [-1, -1]
        }
        descriptor = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        if writeEnd >= 0 { close(writeEnd) }
    }

    /// Wakes the loop (any thread; never blocks).
    public func wake() {
        guard !signalled.exchange(true, ordering: .acquiringAndReleasing), writeEnd >= 0 else { return }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Empties the pipe; called by the loop before it drains what woke it.
    public func clear() {
        signalled.store(false, ordering: .releasing)
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(descriptor, &buffer, buffer.count) > 0 {}
    }
}
