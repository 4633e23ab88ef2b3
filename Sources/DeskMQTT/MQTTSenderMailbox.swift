import Dispatch
import Foundation
import Synchronization

/// What reaches the sender's thread from other threads (the connection's events, a wake, a stop)
/// and what it shows them (the latest status, whether it has finished). Only a waiting thread is
/// signalled, so signals do not pile up; one left over after a timed-out wait costs one look more.
final class MQTTSenderMailbox: Sendable {
    struct Taken {
        var events: [(generation: Int, event: MQTTConnectionEvent)]
        var stopping: Bool
    }

    private struct Box {
        var events: [(generation: Int, event: MQTTConnectionEvent)] = []
        var wake = false
        var stop = false
        var finished = false
        var status: MQTTLinkStatus
        /// The thread waits for news: the next post signals it.
        var waiting = false

        mutating func wakesWaiter() -> Bool {
            defer { waiting = false }
            return waiting
        }
    }

    private let box: Mutex<Box>
    private let arrived = DispatchSemaphore(value: 0)
    private let ended = DispatchSemaphore(value: 0)

    init(status: MQTTLinkStatus) {
        box = Mutex(Box(status: status))
    }

    func post(_ generation: Int, _ event: MQTTConnectionEvent) {
        if box.withLock({ $0.events.append((generation, event)); return $0.wakesWaiter() }) { arrived.signal() }
    }

    func wake() {
        if box.withLock({ $0.wake = true; return $0.wakesWaiter() }) { arrived.signal() }
    }

    func requestStop() {
        if box.withLock({ $0.stop = true; return $0.wakesWaiter() }) { arrived.signal() }
    }

    /// What has arrived, waiting at most `seconds` for something (a posted event, a wake, a stop)
    /// when nothing has; `eventsOnly`: a wake or a stop is not news (the shutdown's wait).
    func take(waitingAtMost seconds: TimeInterval, eventsOnly only: Bool = false) -> Taken {
        let mustWait = box.withLock { box -> Bool in
            if !box.events.isEmpty || (!only && (box.wake || box.stop)) { return false }
            box.waiting = true
            return true
        }
        if mustWait {
            _ = arrived.wait(timeout: .now() + max(0, seconds))
            box.withLock { $0.waiting = false }
        }
        return box.withLock { box in
            defer {
                box.events.removeAll()
                if !only { box.wake = false }
            }
            return Taken(events: box.events, stopping: box.stop)
        }
    }

    var status: MQTTLinkStatus {
        get { box.withLock { $0.status } }
        set { box.withLock { $0.status = newValue } }
    }

    /// The thread has ended.
    func finish() {
        box.withLock { $0.finished = true }
        ended.signal()
    }

    /// Waits at most `seconds` for the thread to end; whether it has.
    func waitForFinish(atMost seconds: TimeInterval) -> Bool {
        if box.withLock({ $0.finished }) { return true }
        _ = ended.wait(timeout: .now() + max(0, seconds))
        let finished = box.withLock { $0.finished }
        if finished { ended.signal() }  // for any other caller waiting
        return finished
    }
}
