import Dispatch
import Foundation

/// A serial queue for database, import and export work, so the UI thread never waits on them.
/// Tests make it run jobs inline.
public final class DeskWorker: Sendable {
    private let queue: DispatchQueue?

    public init(inline: Bool = false, label: String = "memberdesk.ui-worker") {
        queue = inline ? nil : DispatchQueue(label: label, qos: .userInitiated)
    }

    /// Runs jobs on the caller's thread (tests).
    public var isInline: Bool { queue == nil }

    public func submit(_ job: @escaping @Sendable () -> Void) {
        guard let queue else { return job() }
        queue.async(execute: job)
    }
}
