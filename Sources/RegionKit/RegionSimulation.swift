import BeaconKit
import Foundation
import MemberKit

/// `regions simulate`: drives a region watcher from a btsnoop capture (through BeaconKit's
/// replay and presence tracker, at the capture's own times) and an optional fixed position,
/// and reports enters, exits, script output and errors as JSON objects, in order.
/// Monitor state is kept in memory, so a simulation never disturbs the live state.
public struct RegionSimulation {
    public var regions: [Region]
    public var environment: ScriptEnvironment
    public var location: (latitude: Double, longitude: Double)?
    public var exitDelay: TimeInterval
    public var presence: PresenceSettings
    /// How long in-flight HTTP callbacks may take before the next step.
    public var settleTimeout: TimeInterval

    public init(regions: [Region], environment: ScriptEnvironment, location: (latitude: Double, longitude: Double)?,
                exitDelay: TimeInterval, presence: PresenceSettings = PresenceSettings(), settleTimeout: TimeInterval = 15) {
        self.regions = regions
        self.environment = environment
        self.location = location
        self.exitDelay = exitDelay
        self.presence = presence
        self.settleTimeout = settleTimeout
    }

    /// Replays `capture`; after its last record, time runs on until every beacon region has
    /// had the chance to exit. `emit` gets one JSON object per line of output.
    public func run(capture: String, emit: ([String: JSONValue]) -> Void) throws {
        let bus = environment.bus
        let subscription = bus.subscribe(capacity: 1 << 16)
        defer { subscription.cancel() }
        let engine = ScriptEngine(environment: environment)
        let watcher = RegionWatcher(monitor: RegionMonitor(database: nil, exitDelay: exitDelay,
                                                                   calendar: environment.club?.settings.occupancy.calendar ?? .gregorianUTC), engine: engine,
                                    database: environment.database, clock: environment.clock)
        var pending: [(BeaconEvent)] = []
        let tracker = PresenceTracker(settings: presence) { pending.append($0) }
        let pipeline = BeaconPipeline(tracker: tracker)
        let source = BtsnoopReplay(path: capture, pacing: .fast)
        try source.start()
        defer { source.stop() }

        var now = 0.0
        func flush() {
            engine.waitUntilIdle(timeout: settleTimeout)
            for event in subscription.drain() {
                guard var line = Self.line(event) else { continue }
                if line["type"] == .string("enter") || line["type"] == .string("exit") { line["time"] = .double(now) }
                emit(line)
            }
        }
        var started = false
        var lastTick = -Double.infinity
        func step(_ time: Double) {
            now = max(now, time)
            let date = Date(timeIntervalSince1970: now)
            var changed = false
            if !started {
                started = true
                changed = !watcher.load(regions, at: date).isEmpty
                if let location {
                    changed = !watcher.handle(LocationFix(latitude: location.latitude, longitude: location.longitude, time: date)).isEmpty || changed
                }
            }
            for event in pending where !watcher.handle(.beacon(event), at: date).isEmpty { changed = true }
            pending.removeAll()
            if now - lastTick >= 1 {
                lastTick = now
                if !watcher.tick(at: date).isEmpty { changed = true }
            }
            if changed { flush() }
        }
        while try source.poll(timeout: 0, { event, time in
            pipeline.handle(event: event, time: time)
            step(time)
        }) {}
        guard started else { throw DeskError.invalidInput("\(capture): the capture holds no HCI events") }
        // The capture has ended: let time run on so beacons are lost and regions exit.
        let end = now + max(exitDelay, presence.exitTimeout) + 21
        while now < end {
            let next = now + 1
            pipeline.expire(now: next)
            step(next)
        }
        flush()
    }

    /// The JSON line for a region event, a script's output or error, or a notification; nil for anything else.
    public static func line(_ event: DeskEvent) -> [String: JSONValue]? {
        switch event {
        case .region(.entered(let id, let name)): return ["type": .string("enter"), "region": .string(id), "name": .string(name)]
        case .region(.exited(let id, let name)): return ["type": .string("exit"), "region": .string(id), "name": .string(name)]
        case .region(.scriptOutput(let id, let text)): return ["type": .string("output"), "region": .string(id), "text": .string(text)]
        case .region(.scriptError(let id, let message)): return ["type": .string("error"), "region": .string(id), "message": .string(message)]
        case .notification(let n):
            return ["type": .string("notification"), "alert": .string(n.alert), "sound": n.sound.map(JSONValue.string) ?? .null,
                    "badge": n.badge.map(JSONValue.int) ?? .null, "userinfo": .object(n.userInfo)]
        default: return nil
        }
    }
}
