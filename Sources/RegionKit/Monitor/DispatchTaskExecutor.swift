import Dispatch

/// Runs a task's jobs on a serial dispatch queue of its own, outside Swift's cooperative pool,
/// so the region watcher keeps up even when other code blocks every pool thread (a busy TUI,
/// blocking I/O, a test suite full of waits).
final class DispatchTaskExecutor: TaskExecutor, @unchecked Sendable {
    let queue: DispatchQueue

    init(label: String) {
        queue = DispatchQueue(label: label, qos: .userInitiated)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
