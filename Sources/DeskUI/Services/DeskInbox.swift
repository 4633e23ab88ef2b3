import Foundation
import Synchronization

/// Results that background jobs hand back to the UI thread, which drains them without waiting.
/// Posting wakes the loop.
public final class DeskInbox: Sendable {
    private let items = Mutex<[JobResult]>([])
    private let wakeUp: DeskWakeUp?

    public init(wakeUp: DeskWakeUp? = nil) {
        self.wakeUp = wakeUp
    }

    public func post(_ result: JobResult) {
        items.withLock { $0.append(result) }
        wakeUp?.wake()
    }

    public func drain() -> [JobResult] {
        items.withLock { items in
            defer { items = [] }
            return items
        }
    }

    public var isEmpty: Bool { items.withLock { $0.isEmpty } }
}
