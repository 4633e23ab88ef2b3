import DeskUI
import Foundation
import Synchronization

/// The front desk's terminal without a terminal: a cell grid that takes only the rows the loop
/// sends (as ncurses would), keys scripted by the test, and resizes. `FrontDeskLoop` runs on it
/// in-process; tests read the screen as text.
public final class HeadlessTerminal: TerminalDevice, Sendable {
    private struct Screen {
        /// The window's size, which the loop asks for after `.resize`; a frame drawn before it
        /// noticed may still have the old size.
        var width: Int
        var height: Int
        var grid: CellGrid
        var keys: [Key] = []
        var frames = 0
    }

    private let screenState: Mutex<Screen>
    /// Readable while keys wait: the loop sleeps on it as it does on a tty.
    private let input = DeskWakeUp()

    public init(width: Int = 100, height: Int = 30) {
        screenState = Mutex(Screen(width: width, height: height, grid: CellGrid(width: width, height: height)))
    }

    public var width: Int { screenState.withLock { $0.width } }
    public var height: Int { screenState.withLock { $0.height } }
    public var inputDescriptor: Int32 { input.descriptor }

    public func readKey() -> Key? {
        if let key = takeKey() { return key }
        // Empty: clear the descriptor, then look again, so a key pushed meanwhile is not missed.
        input.clear()
        return takeKey()
    }

    private func takeKey() -> Key? {
        screenState.withLock { $0.keys.isEmpty ? nil : $0.keys.removeFirst() }
    }

    public func draw(_ grid: CellGrid, previous: CellGrid?) {
        screenState.withLock { screen in
            screen.frames += 1
            guard let previous, previous.width == screen.grid.width, previous.height == screen.grid.height,
                  grid.width == screen.grid.width, grid.height == screen.grid.height else {
                screen.grid = grid
                return
            }
            for y in grid.changedRows(since: previous) {
                for x in 0..<grid.width { screen.grid[x, y] = grid[x, y] }
            }
        }
    }

    // MARK: What tests do

    /// Keys, all at once (as fast as a keyboard wedge types them).
    public func press(_ keys: Key...) { push(keys) }

    /// Text as one burst of character keys, as `tmux send-keys -l` delivers it.
    public func type(_ text: String) { push(text.map(Key.character)) }

    /// Text and then `keys` in the same burst, as a keyboard-wedge reader types a pass and Enter:
    /// `type` then `press` are two pushes, and a test thread descheduled between them would
    /// split the burst.
    public func type(_ text: String, then keys: Key...) { push(text.map(Key.character) + keys) }

    /// The window changed size: the loop sees `.resize` and asks for the new size.
    public func resize(width: Int, height: Int) {
        screenState.withLock { screen in
            (screen.width, screen.height) = (width, height)
            screen.grid = CellGrid(width: width, height: height)
            screen.keys.append(.resize)
        }
        input.wake()
    }

    /// Wakes the loop without a key (to notice a stop request).
    public func poke() { input.wake() }

    private func push(_ keys: [Key]) {
        screenState.withLock { $0.keys += keys }
        input.wake()
    }

    /// What the screen shows now.
    public var grid: CellGrid { screenState.withLock { $0.grid } }
    public var screen: String { grid.text }
    /// Frames drawn so far.
    public var frames: Int { screenState.withLock { $0.frames } }

    public struct TimedOut: Error, CustomStringConvertible {
        public var expected: String
        public var screen: String
        public var description: String { "timed out waiting for \(expected); the screen:\n\(screen)" }
    }

    /// Waits until the screen contains `text`; returns the screen.
    @discardableResult
    public func waitFor(_ text: String, timeout: TimeInterval = 10) throws -> String {
        try waitFor(text, timeout: timeout) { $0.contains(text) }
    }

    /// Waits until `condition` holds for the screen; returns the screen.
    @discardableResult
    public func waitFor(_ what: String, timeout: TimeInterval = 10, _ condition: (String) -> Bool) throws -> String {
        var last = ""
        let found = waitUntil(timeout: timeout, poll: 0.005) {
            last = screen
            return condition(last)
        }
        guard found else { throw TimedOut(expected: what, screen: last) }
        return last
    }
}

/// What a front-desk screen shows, read as text the same way on the headless terminal and in tmux.
public enum FrontDeskScreen {
    /// The member list says `count` members and its selected row is a member, not "…": the count
    /// and the rows are read by separate jobs, and the selection marker `▶` is drawn before the
    /// rows arrive, so a key that needs the selection (F2, Enter, F8, `w`, `x`) waits for both.
    public static func listShows(_ count: Int, in screen: String) -> Bool {
        screen.contains("Members (\(count))") && screen.split(separator: "\n").contains { line in
            guard let marker = line.range(of: "▶ ") else { return false }
            let after = line[marker.upperBound...]
            return !after.hasPrefix("…") && after.contains { $0.isLetter || $0.isNumber }
        }
    }
}
