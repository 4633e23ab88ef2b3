import Foundation
import MemberKit

/// The UI thread's loop: sleep in poll(2) until a key, a bus event or a finished job arrives
/// (the terminal's input and the desk's wake-up pipe) or the next deadline (the clock's second,
/// the banner's fade, held wedge keys) passes; then apply everything and redraw what changed.
public enum FrontDeskLoop {
    /// `stopRequested` is checked each turn (SIGTERM, SIGHUP); whoever sets it wakes `desk.wakeUp`.
    public static func run(_ desk: FrontDesk, on terminal: any TerminalDevice, clock: any DeskClock = SystemClock(),
                           stopRequested: () -> Bool = { false }, onFrame: ((CellGrid) -> Void)? = nil) {
        desk.start(width: terminal.width, height: terminal.height)
        var previous: CellGrid?
        var moreKeys = false
        while !desk.wantsQuit, !stopRequested() {
            desk.tick()
            if desk.state.needsRedraw {
                let grid = desk.render()
                terminal.draw(grid, previous: previous)
                previous = grid
                onFrame?(grid)
            }
            if desk.wantsQuit { break }
            let wait = moreKeys ? 0 : max(0, Int32((desk.nextDeadline.timeIntervalSince(clock.now()) * 1000).rounded(.up)))
            InputWait.wait(for: [terminal.inputDescriptor, desk.wakeUp.descriptor], timeout: wait)
            desk.wakeUp.clear()
            // Take everything already typed (a wedge burst, a paste) before drawing again.
            var taken = 0
            while taken < 256, let key = terminal.readKey() {
                if key == .resize {
                    desk.resize(width: terminal.width, height: terminal.height)
                    previous = nil
                }
                desk.key(key, at: clock.now())
                taken += 1
            }
            moreKeys = taken == 256
        }
        desk.stop()
    }
}
