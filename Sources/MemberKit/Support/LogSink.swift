import Foundation
import Logging
import Synchronization

/// An append-only log file shared by every logger. If it cannot be opened, logging is off:
/// a log must never stop the desk.
public final class LogSink: Sendable {
    private let handle: Mutex<FileHandle?>

    public init(path: String) {
        let url = URL(fileURLWithPath: path)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        let handle = FileHandle(forWritingAtPath: path)
        _ = try? handle?.seekToEnd()
        self.handle = Mutex(handle)
    }

    func write(_ line: String) {
        handle.withLock { try? $0?.write(contentsOf: Data(line.utf8)) }
    }
}
