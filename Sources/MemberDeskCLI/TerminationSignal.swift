import Dispatch
import Foundation
import Synchronization

/// Catches stop signals (SIGINT and SIGTERM by default), so that long-running commands stop
/// cleanly instead of being killed mid-write, and the front desk restores the terminal.
/// Callers either `wait()` for it or poll `requested`.
final class TerminationSignal: @unchecked Sendable {  // sources are only set in init
    private let state = Mutex<Int32?>(nil)
    private let fired = DispatchSemaphore(value: 0)
    private let sources: [any DispatchSourceSignal]

    init(_ numbers: [Int32] = [SIGINT, SIGTERM]) {
        // A parent may have left these blocked; the dispatch sources only fire when they are not.
        var mask = sigset_t()
        sigemptyset(&mask)
        for number in numbers { sigaddset(&mask, number) }
        pthread_sigmask(SIG_UNBLOCK, &mask, nil)
        var sources: [any DispatchSourceSignal] = []
        for number in numbers {
            signal(number, SIG_IGN)
            sources.append(DispatchSource.makeSignalSource(signal: number, queue: .global()))
        }
        self.sources = sources
        for (source, number) in zip(sources, numbers) {
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

    /// True once a signal came (or `fire` was called).
    var requested: Bool { state.withLock { $0 != nil } }

    /// Blocks until the signal comes; returns it (0 for `fire(0)`).
    func wait() -> Int32 {
        fired.wait()
        return state.withLock { $0 ?? 0 }
    }
}
