import DeskUI
import Foundation
import MemberKit
import Synchronization

/// `FrontDeskLoop` running in-process on a `HeadlessTerminal`, on a thread of its own with the
/// real worker, as the executable runs it on the tty: scenario tests and the bench drive it.
public final class HeadlessFrontDesk: Sendable {
    /// What the loop's thread shares with the test's.
    private final class Control: Sendable {
        let stopRequested = Mutex(false)
        let hasEnded = Mutex(false)
        let started = DispatchSemaphore(value: 0)
        let ended = DispatchSemaphore(value: 0)
    }

    public let terminal: HeadlessTerminal
    private let control = Control()

    /// Starts the loop and returns once the first frame is drawn (the desk listens to the bus by then).
    /// `onFrame` runs on the loop's thread after each frame reaches the terminal.
    public init(services: DeskServices, width: Int = 100, height: Int = 30,
                onFrame: (@Sendable (CellGrid) -> Void)? = nil) {
        let terminal = HeadlessTerminal(width: width, height: height)
        self.terminal = terminal
        Thread.detachNewThread { [control] in
            let desk = FrontDesk(services: services)
            var first = true
            // The loop waits by the desk's clock, so a test's fake clock moves its deadlines too.
            FrontDeskLoop.run(desk, on: terminal, clock: services.clock,
                              stopRequested: { control.stopRequested.withLock { $0 } }) { grid in
                onFrame?(grid)
                if first {
                    first = false
                    control.started.signal()
                }
            }
            control.hasEnded.withLock { $0 = true }
            if first { control.started.signal() }
            control.ended.signal()
        }
        control.started.wait()
    }

    /// True once the loop has ended (F10, q, or `stop()`).
    public var hasEnded: Bool { control.hasEnded.withLock { $0 } }

    /// Ends the loop and waits for it, as a stop signal does.
    public func stop() {
        let first = control.stopRequested.withLock { requested in
            defer { requested = true }
            return !requested
        }
        guard first else { return }
        terminal.poke()
        control.ended.wait()
    }

    deinit { stop() }
}
