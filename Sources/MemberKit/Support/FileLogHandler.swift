import Foundation
import Logging
import Synchronization

/// swift-log to a file, never to the terminal the TUI draws on.
public struct FileLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    private let label: String
    private let sink: LogSink

    public init(label: String, sink: LogSink) {
        self.label = label
        self.sink = sink
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        let meta = merged.isEmpty ? "" : " " + merged.sorted { $0.key < $1.key }.map { "\($0)=\($1)" }.joined(separator: " ")
        let stamp = ISO8601DateFormatter.string(from: Date(), timeZone: .current,
                                                formatOptions: [.withInternetDateTime, .withFractionalSeconds])
        sink.write("\(stamp) \(event.level) \(label): \(event.message)\(meta)\n")
    }
}

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
