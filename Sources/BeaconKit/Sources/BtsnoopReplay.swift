import Foundation

/// Replays the HCI events of a btsnoop capture, either as fast as possible or paced by the
/// recorded timestamps. Either way, every time the tracker sees is the recorded one.
public final class BtsnoopReplay: BeaconSource {
    public enum Pacing: Sendable { case fast, realTime }

    public let path: String
    public let pacing: Pacing
    public var name: String { path }
    /// Records delivered per poll in fast mode.
    public var batchSize = 4096

    private var reader: BtsnoopReader?
    private let wait: (Double) -> Void
    private let monotonic: () -> Double
    /// Real-time pacing: the first record's time and the monotonic time it was delivered.
    private var origin: (capture: Double, wall: Double)?
    private var pending: (event: [UInt8], time: Double)?
    private var lastTime = 0.0
    private var ended = false

    /// `wait` and `monotonic` pace a real-time replay; tests inject them and never sleep.
    public init(path: String, pacing: Pacing = .realTime,
                wait: @escaping (Double) -> Void = { Thread.sleep(forTimeInterval: $0) },
                monotonic: @escaping () -> Double = { ProcessInfo.processInfo.systemUptime }) {
        self.path = path
        self.pacing = pacing
        self.wait = wait
        self.monotonic = monotonic
    }

    public func start() throws {
        guard reader == nil else { return }
        let reader = try BtsnoopReader(path: path)
        self.reader = reader
        datalink = reader.datalink
    }

    /// What the capture held; kept after `stop()` for the summary.
    public private(set) var datalink: BtsnoopDatalink?
    public private(set) var recordCount = 0
    /// True when the capture ended inside a record (a capture cut off while being written).
    public private(set) var truncatedTail = false

    public var now: Double {
        guard pacing == .realTime, let origin, !ended else { return lastTime }
        return max(lastTime, origin.capture + (monotonic() - origin.wall))
    }

    public func poll(timeout: Double, _ handler: (UnsafeRawBufferPointer, Double) -> Void) throws -> Bool {
        guard let reader, !ended else { return false }
        switch pacing {
        case .fast:
            let link = reader.datalink
            for _ in 0..<batchSize {
                let more = try reader.next { record in
                    lastTime = record.time
                    if let event = record.hciEvent(datalink: link) { handler(event, record.time) }
                }
                if !more { ended = true; return false }
            }
            return true
        case .realTime:
            return try pollPaced(reader, timeout: timeout, handler)
        }
    }

    private func pollPaced(_ reader: BtsnoopReader, timeout: Double,
                           _ handler: (UnsafeRawBufferPointer, Double) -> Void) throws -> Bool {
        let deadline = monotonic() + timeout
        while true {
            if pending == nil {
                var next: (event: [UInt8], time: Double)?
                let link = reader.datalink
                while next == nil {
                    let more = try reader.next { record in
                        lastTime = max(lastTime, record.time)
                        if let event = record.hciEvent(datalink: link) { next = (Array(event), record.time) }
                    }
                    if !more { ended = true; return false }
                }
                pending = next
            }
            guard let (event, time) = pending else { return true }
            if origin == nil { origin = (time, monotonic()) }
            let due = origin!.wall + (time - origin!.capture)
            let current = monotonic()
            if due > current {
                // Wait for the record's moment, but no longer than the caller allows.
                if current >= deadline { return true }
                wait(min(due, deadline) - current)
                if monotonic() < due { return true }
            }
            pending = nil
            event.withUnsafeBytes { handler($0, time) }
        }
    }

    public func stop() {
        if let reader {
            recordCount = reader.recordCount
            truncatedTail = reader.truncatedTail
        }
        reader = nil
        ended = true
    }
}
