import Dispatch
import Foundation
import Synchronization

/// Results that background work hands back to the UI thread, which drains them without waiting.
public final class DeskInbox: Sendable {
    public typealias Delivery = @Sendable (FrontDesk) -> Void
    private let items = Mutex<[Delivery]>([])

    public init() {}

    public func post(_ delivery: @escaping Delivery) {
        items.withLock { $0.append(delivery) }
    }

    public func drain() -> [Delivery] {
        items.withLock { items in
            defer { items = [] }
            return items
        }
    }

    public var isEmpty: Bool { items.withLock { $0.isEmpty } }
}

/// A serial queue for database, import and export work, so the UI thread never waits on them.
/// Tests make it run jobs inline.
public final class DeskWorker: Sendable {
    private let queue: DispatchQueue?
    private let pending = Mutex(0)

    public init(inline: Bool = false, label: String = "memberdesk.ui-worker") {
        queue = inline ? nil : DispatchQueue(label: label, qos: .userInitiated)
    }

    /// Runs jobs on the caller's thread (tests).
    public var isInline: Bool { queue == nil }

    public func submit(_ job: @escaping @Sendable () -> Void) {
        guard let queue else { return job() }
        pending.withLock { $0 += 1 }
        queue.async { [self] in
            job()
            pending.withLock { $0 -= 1 }
        }
    }

    /// Jobs queued or running.
    public var backlog: Int { pending.withLock { $0 } }
}
