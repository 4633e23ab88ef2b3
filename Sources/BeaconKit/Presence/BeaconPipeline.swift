import MemberKit

/// Source → HCI events → advertising reports → beacon frames → presence, on one thread.
public final class BeaconPipeline {
    public let tracker: PresenceTracker
    /// Advertising reports seen (beacon or not).
    public private(set) var reportCount = 0
    private var lastExpiry = -Double.infinity
    private let expiryStep: Double

    public init(tracker: PresenceTracker) {
        self.tracker = tracker
        // Sweep for lost beacons often enough that one is reported within 5% of its timeout.
        expiryStep = max(0.01, tracker.settings.exitTimeout / 20)
    }

    /// Feeds one HCI event received at `time` (Unix seconds).
    @inline(__always)
    public func handle(event: UnsafeRawBufferPointer, time: Double) {
        let tracker = self.tracker
        reportCount &+= HCIEventParser.forEachReport(in: event) { tracker.ingest($0, at: time) }
        if time - lastExpiry >= expiryStep { expire(now: time) }
    }

    public func expire(now: Double) {
        lastExpiry = now
        tracker.expire(now: now)
    }

    /// Runs a started `source` until it ends or `shouldStop()` says so; stops the source on the way out.
    /// Starting it is the caller's job, so that a source that cannot start is reported apart from
    /// one that fails while running (and is not opened twice).
    public func run(_ source: any BeaconSource, pollInterval: Double = 0.1, shouldStop: () -> Bool = { false }) throws {
        defer { source.stop() }
        while !shouldStop() {
            let more = try source.poll(timeout: pollInterval) { event, time in handle(event: event, time: time) }
            let now = source.now
            if now - lastExpiry >= expiryStep { expire(now: now) }
            if !more { break }
        }
    }

    /// Starts `source`, says so through `announce` (`.scanner(available:reason:)`), then runs it.
    /// A source that cannot start is announced as unavailable, and its error thrown.
    public func scan(_ source: any BeaconSource, pollInterval: Double = 0.1,
                     announce: (BeaconEvent) -> Void, shouldStop: () -> Bool = { false }) throws {
        do {
            try source.start()
        } catch {
            announce(.scanner(available: false, reason: "\(error)"))
            throw error
        }
        announce(.scanner(available: true, reason: nil))
        try run(source, pollInterval: pollInterval, shouldStop: shouldStop)
    }
}
