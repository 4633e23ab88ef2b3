import Dispatch
import Foundation
import Synchronization

/// Waits for SIGINT or SIGTERM (or an explicit `fire`), so that long-running commands stop
/// cleanly instead of being killed mid-write.
final class TerminationSignal: @unchecked Sendable {  // sources are only set in init
    private let state = Mutex<Int32?>(nil)
    private let fired = DispatchSemaphore(value: 0)
    private let sources: [any DispatchSourceSignal]

    init() {
        var sources: [any DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            sources.append(DispatchSource.makeSignalSource(signal: number, queue: .global()))
        }
        self.sources = sources
        for (source, number) in zip(sources, [SIGINT, SIGTERM]) {
            source.setEventHandler { [weak self] in self?.fire(number) }
            source.resume()
        }
    }

    func fire(_ number: Int32) {
        let first = state.withLock { state -> Bool in
            guard state == nil else { return false }
            state = number
            return true
        }
        if first { fired.signal() }
    }

    /// Blocks until the signal comes; returns it (0 for `fire(0)`).
    func wait() -> Int32 {
        fired.wait()
        return state.withLock { $0 ?? 0 }
    }
}
