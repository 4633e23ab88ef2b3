import Foundation

/// Runs a command in a detached tmux session on its own server socket, so tests can type keys
/// and read the screen of a real terminal. Always call `kill()` (it is also done on deinit).
public final class TmuxSession: @unchecked Sendable {
    public let socket: String
    public let width: Int, height: Int
    private var killed = false

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
    public init(command: [String], environment: [String: String], width: Int = 100, height: Int = 30) throws {
        socket = "memberdesk-test-\(UUID().uuidString.prefix(8))"
        self.width = width
        self.height = height
        // `env -i` gives the pane exactly the test's environment, not the tmux server's.
        let envArgs = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let shellLine = (["env", "-i"] + envArgs + command).map(Self.quote).joined(separator: " ")
            + "; echo \"[exited $?]\"; sleep 600"
        try tmux(["new-session", "-d", "-x", String(width), "-y", String(height), shellLine])
    }

    deinit { kill() }

    static func quote(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux", "-L", socket, "-f", "/dev/null"] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure.tmux("\(arguments.first ?? ""): \(String(decoding: errData, as: UTF8.self))")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The screen as text.
    public func screen() throws -> String { try tmux(["capture-pane", "-p"]) }

    /// tmux key names ("F10", "Enter", "Escape", "Down") or literal text.
    public func press(_ keys: String...) throws { try tmux(["send-keys"] + keys) }

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

    public func kill() {
        guard !killed else { return }
        killed = true
        _ = try? tmux(["kill-server"])
    }
}
