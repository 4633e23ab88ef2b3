import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The built `memberdesk` running in the background (`scan`, say), its output collected line
/// by line so that tests can wait for what it prints.
public final class RunningDesk: Sendable {
    private let child: ChildProcess
    private let output = Mutex<(stdout: String, stderr: String)>(("", ""))

    public init(_ binary: DeskBinary, _ arguments: [String]) throws {
        child = try ChildProcess(DeskBinary.path, arguments, environment: binary.environment,
                                 stdin: .pipe, stdout: .pipe, stderr: .pipe)
        collect(child.output!, stderr: false)
        collect(child.errorOutput!, stderr: true)
    }

    private func collect(_ handle: FileHandle, stderr: Bool) {
        Thread.detachNewThread { [self] in
            while true {
                let data = handle.availableData
                if data.isEmpty { return }
                let text = String(decoding: data, as: UTF8.self)
                output.withLock { if stderr { $0.stderr += text } else { $0.stdout += text } }
            }
        }
    }

    public var stdout: String { output.withLock { $0.stdout } }
    public var stderr: String { output.withLock { $0.stderr } }
    public var lines: [String] { stdout.split(separator: "\n").map(String.init) }
    public var isRunning: Bool { child.isRunning }
    public var pid: pid_t { child.pid }

    /// Writes to the program's standard input.
    public func write(_ text: String) { child.write(text) }
    public func closeInput() { child.closeInput() }

    /// Sends a signal and waits for the exit status (nil if it did not exit in time).
    public func signal(_ signal: Int32, timeout: TimeInterval = 10) -> Int32? {
        child.signal(signal)
        return waitForExit(timeout: timeout)
    }

    public func waitForExit(timeout: TimeInterval = 10) -> Int32? {
        guard let ended = child.wait(timeout: timeout) else {
            child.killAndWait()
            return nil
        }
        return ended.status
    }
}
