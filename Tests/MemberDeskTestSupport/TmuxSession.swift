import Foundation

/// Runs a command in a detached tmux session on its own server socket, so tests can type keys
/// and read the screen of a real terminal. Always call `kill()` (it is also done on deinit).
public final class TmuxSession: @unchecked Sendable {
    public let socket: String
    public let width: Int, height: Int
    private var killed = false
    private var serverPid: pid_t?
    private let configPath: String

    public enum Failure: Error, CustomStringConvertible {
        case tmux(String)
        case timedOut(expected: String, screen: String)
        public var description: String {
            switch self {
            case .tmux(let message): return "tmux: \(message)"
            case .timedOut(let expected, let screen): return "timed out waiting for \(expected); the screen was:\n\(screen)"
            }
        }
    }

    /// Starts `command` (with `environment`) in a `width`×`height` session.
    public init(command: [String], environment: [String: String], directory: String? = nil, width: Int = 100,
                height: Int = 30) throws {
        socket = "memberdesk-test-\(UUID().uuidString.prefix(8))"
        self.width = width
        self.height = height
        // The pane stays after the command ends, so "[exited N]" can be read; no trailing `sleep`,
        // which would outlive kill-server when SIGHUP is ignored.
        configPath = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket).conf").path
        FileManager.default.createFile(atPath: configPath, contents: Data("set -g remain-on-exit on\n".utf8))
        // `env -i` gives the pane exactly the test's environment, not the tmux server's.
        let envArgs = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let shellLine = (["env", "-i"] + envArgs + command).map(Self.quote).joined(separator: " ")
            + "; echo \"[exited $?]\""
        try tmux(["new-session", "-d", "-x", String(width), "-y", String(height)]
                 + (directory.map { ["-c", $0] } ?? []) + [shellLine])
        serverPid = pid_t(try tmux(["display-message", "-p", "#{pid}"]).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    deinit { kill() }

    static func quote(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// Runs tmux, its output to files: the server that `new-session` forks keeps any pipe open.
    @discardableResult
    public func tmux(_ arguments: [String]) throws -> String {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString)").path
        let outPath = base + ".out", errPath = base + ".err"
        defer {
            unlink(outPath)
            unlink(errPath)
        }
        // The server (and so every pane) would inherit this thread's blocked signals,
        // and a program that never sees SIGWINCH never resizes: start from a clean slate.
        let child: ChildProcess
        do {
            child = try ChildProcess("tmux", ["-L", socket, "-f", configPath] + arguments,
                                     stdout: .file(outPath), stderr: .file(errPath), clearSignalMask: true)
        } catch { throw Failure.tmux("\(error)") }
        guard let ended = child.wait(timeout: 30) else {
            child.killAndWait()
            throw Failure.tmux("\(arguments.first ?? ""): no answer from tmux within 30 s")
        }
        let data = FileManager.default.contents(atPath: outPath) ?? Data()
        let errData = FileManager.default.contents(atPath: errPath) ?? Data()
        guard ended == .exited(0) else {
            throw Failure.tmux("\(arguments.first ?? ""): \(String(decoding: errData, as: UTF8.self))")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The screen as text, with wrapped lines joined and anything scrolled into the history
    /// (tmux scrolls when a dead pane's "Pane is dead" line is written).
    public func screen() throws -> String { try tmux(["capture-pane", "-p", "-J", "-S", "-"]) }

    /// The screen with its colours and attributes as escape sequences (`capture-pane -e`).
    public func styledScreen() throws -> String { try tmux(["capture-pane", "-p", "-e"]) }

    /// Resizes the window, as a person dragging the terminal's corner would.
    public func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-x", String(width), "-y", String(height)])
    }

    /// tmux key names ("F10", "Enter", "Escape", "Down") or literal text.
    public func press(_ keys: String...) throws { try tmux(["send-keys"] + keys) }

    /// Presses one key `count` times.
    public func press(_ key: String, times count: Int) throws { try tmux(["send-keys", "-N", String(count), key]) }

    /// Types text literally (no key-name lookup).
    public func type(_ text: String) throws { try tmux(["send-keys", "-l", text]) }

    /// Waits until the screen contains `text`; returns the screen.
    @discardableResult
    public func waitFor(_ text: String, timeout: TimeInterval = 15) throws -> String {
        try waitFor(text, timeout: timeout) { $0.contains(text) }
    }

    /// Waits until `condition` holds for the screen; returns the screen.
    @discardableResult
    public func waitFor(_ what: String, timeout: TimeInterval = 15, _ condition: (String) -> Bool) throws -> String {
        var last = ""
        let found = try waitUntil(timeout: timeout, poll: 0.05) {
            last = try screen()
            return condition(last)
        }
        guard found else { throw Failure.timedOut(expected: what, screen: last) }
        return last
    }

    /// Waits for the desk's member list to say `count` members with a member selected (not only
    /// the count: its rows come from another job), before a key that acts on the selection.
    @discardableResult
    public func waitForList(_ count: Int, timeout: TimeInterval = 15) throws -> String {
        try waitFor("Members (\(count)) with a member selected", timeout: timeout) { FrontDeskScreen.listShows(count, in: $0) }
    }

    /// The process running in the pane (the command itself when it was exec'd, as `env` does).
    public var panePid: Int32? {
        (try? tmux(["display-message", "-p", "#{pane_pid}"])).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    public func kill() {
        guard !killed else { return }
        killed = true
        _ = try? tmux(["kill-server"])
        // Make sure: a server whose pane ignores SIGHUP would otherwise linger.
        if let serverPid, Foundation.kill(serverPid, 0) == 0 { Foundation.kill(serverPid, SIGKILL) }
        unlink(configPath)
    }
}
