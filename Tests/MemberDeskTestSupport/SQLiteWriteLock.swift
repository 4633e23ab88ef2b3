import Foundation

/// Another process (the `sqlite3` shell) holding a database file's write lock until `release()`:
/// what a second terminal's long import looks like from here.
public final class SQLiteWriteLock: Sendable {
    private let child: ChildProcess
    private let scratch: TemporaryDirectory

    /// Returns once the lock is held (the shell writes a marker file after BEGIN IMMEDIATE succeeds).
    public init(path: String, timeout: TimeInterval = 10) throws {
        scratch = try TemporaryDirectory()
        let marker = scratch.file("locked")
        // -bail: if BEGIN IMMEDIATE fails, the shell stops before it writes the marker.
        child = try ChildProcess("sqlite3", ["-bail", path], stdin: .pipe, stdout: .null, stderr: .null)
        child.write("BEGIN IMMEDIATE;\n.output \"\(marker)\"\n.print locked\n.output stdout\n")
        guard waitUntil(timeout: timeout, { (try? String(contentsOfFile: marker, encoding: .utf8)) == "locked\n" }) else {
            child.killAndWait()
            throw SQLiteWriteLockError(description: "sqlite3 could not take the write lock on \(path) within \(timeout) s")
        }
    }

    /// Commits the empty transaction and waits for the shell to exit; true if it exited cleanly.
    @discardableResult
    public func release() -> Bool {
        child.write("COMMIT;\n")
        child.closeInput()
        return child.wait(timeout: 10) == .exited(0)
    }

    deinit {
        if child.isRunning { child.killAndWait() }
    }
}

public struct SQLiteWriteLockError: Error, CustomStringConvertible {
    public let description: String
}
