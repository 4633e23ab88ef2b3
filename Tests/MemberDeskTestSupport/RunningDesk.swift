import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The built `memberdesk` running in the background (`scan`, say), its output collected line
/// by line so that tests can wait for what it prints.
public final class RunningDesk: Sendable {
    private let process: Process
    private let output = Mutex<(stdout: String, stderr: String)>(("", ""))
    private let input: Pipe

    public init(_ binary: DeskBinary, _ arguments: [String]) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: DeskBinary.path)
        process.arguments = arguments
        process.environment = binary.environment
        let out = Pipe(), err = Pipe()
        input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        collect(out.fileHandleForReading, stderr: false)
        collect(err.fileHandleForReading, stderr: true)
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
    public var isRunning: Bool { process.isRunning }

    /// Writes to the program's standard input.
    public func write(_ text: String) { input.fileHandleForWriting.write(Data(text.utf8)) }
    public func closeInput() { try? input.fileHandleForWriting.close() }

    /// Sends a signal and waits for the exit status (nil if it did not exit in time).
    public func signal(_ signal: Int32, timeout: TimeInterval = 10) -> Int32? {
        kill(process.processIdentifier, signal)
        return waitForExit(timeout: timeout)
    }

    public func waitForExit(timeout: TimeInterval = 10) -> Int32? {
        guard waitUntil(timeout: timeout, { !process.isRunning }) else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}
