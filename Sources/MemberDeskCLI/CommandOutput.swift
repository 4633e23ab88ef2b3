import Foundation
import Synchronization

/// Where a command's output goes: the process's standard streams, or a test's buffers.
/// Commands print through this module's `print`/`printError`, so tests can run a command
/// in-process (`CommandOutput.$current.withValue`) and compare the whole output.
public final class CommandOutput: Sendable {
    @TaskLocal public static var current = CommandOutput()

    private let captures: Bool
    private let buffers = Mutex((out: "", err: ""))

    /// The process's stdout and stderr.
    public init() { captures = false }

    private init(capturing: Void) { captures = true }

    /// Collects the output in memory instead.
    public static func capturing() -> CommandOutput { CommandOutput(capturing: ()) }

    /// What was written to standard output (captured outputs only).
    public var standardOutput: String { buffers.withLock { $0.out } }
    /// What was written to standard error (captured outputs only).
    public var standardError: String { buffers.withLock { $0.err } }

    func write(_ text: String) {
        guard captures else {
            Swift.print(text, terminator: "")
            return
        }
        buffers.withLock { $0.out += text }
    }

    func writeError(_ text: String) {
        guard captures else {
            FileHandle.standardError.write(Data(text.utf8))
            return
        }
        buffers.withLock { $0.err += text }
    }
}

/// Standard output for every command of this module (shadows `Swift.print`).
func print(_ text: String, terminator: String = "\n") {
    CommandOutput.current.write(text + terminator)
}

/// Writes raw text (no newline added) to standard error, e.g. a progress bar's redraw.
func writeError(_ text: String) {
    CommandOutput.current.writeError(text)
}
