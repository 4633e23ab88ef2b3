import Foundation
import Logging
import Synchronization

/// swift-log to a file, never to the terminal the TUI draws on.
public struct FileLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    private let label: String
    private let sink: LogSink
    /// Each line's time.
    private let clock: any DeskClock

    public init(label: String, sink: LogSink, clock: any DeskClock = SystemClock()) {
        self.label = label
        self.sink = sink
        self.clock = clock
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        let meta = merged.isEmpty ? "" : " " + merged.sorted { $0.key < $1.key }.map { "\($0)=\($1)" }.joined(separator: " ")
        let stamp = ISO8601DateFormatter.string(from: clock.now(), timeZone: .current,
                                                formatOptions: [.withInternetDateTime, .withFractionalSeconds])
        sink.write("\(stamp) \(event.level) \(label): \(event.message)\(meta)\n")
    }
}
