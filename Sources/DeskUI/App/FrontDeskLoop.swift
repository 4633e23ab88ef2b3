import Foundation
import MemberKit

/// The UI thread's loop: wait for a key at most 100 ms (so bus events and the clock redraw at
/// no more than 10 Hz), apply keys, events and finished jobs, and redraw what changed.
public enum FrontDeskLoop {
    /// `stopRequested` is polled each turn (SIGTERM, SIGHUP): the loop ends and the terminal is restored.
    public static func run(_ desk: FrontDesk, on terminal: any TerminalDevice, clock: any DeskClock = SystemClock(),
                           stopRequested: () -> Bool = { false }, onFrame: ((CellGrid) -> Void)? = nil) {
        desk.start(width: terminal.width, height: terminal.height)
        var previous: CellGrid?
        while !desk.wantsQuit, !stopRequested() {
            desk.tick()
            if desk.needsRedraw {
                let grid = desk.render()
                terminal.draw(grid, previous: previous)
                previous = grid
                onFrame?(grid)
            }
            var timeout = 100
            if let deadline = desk.nextDeadline {
                timeout = max(1, min(timeout, Int((deadline.timeIntervalSince(clock.now()) * 1000).rounded(.up))))
            }
            guard var key = terminal.readKey(timeout: timeout) else { continue }
            // Take everything already typed (a wedge burst, a paste) before drawing again.
            var taken = 0
            while true {
                if key == .resize {
                    desk.resize(width: terminal.width, height: terminal.height)
                    previous = nil
                }
                desk.key(key, at: clock.now())
                taken += 1
                guard taken < 256, let next = terminal.readKey(timeout: 0) else { break }
                key = next
            }
        }
        desk.stop()
    }
}
