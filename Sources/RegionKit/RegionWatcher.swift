import Foundation
import MemberKit
import Synchronization

/// Wires the region monitor to the desk: beacon events and check-ins from the bus, fixes from
/// a location source, and time; enters and exits go back on the bus and run their scripts.
public final class RegionWatcher: Sendable {
    public let monitor: RegionMonitor
    public let engine: ScriptEngine
    public let bus: EventBus
    let database: AppDatabase
    let clock: any DeskClock
    private let on: Atomic<Bool>
    private let switchReadAt: Atomic<UInt64>
    private let tasks = Mutex<[Task<Void, Never>]>([])
    private let location = Mutex<(any LocationSource)?>(nil)
    /// The live loops' own thread (see `DispatchTaskExecutor`).
    private let executor = DispatchTaskExecutor(label: "memberdesk.region-watcher")
    /// Called on the script queue after each run (the bench measures dispatch with it).
    let onScriptFinished: (@Sendable (ScriptRunResult) -> Void)?

    public init(monitor: RegionMonitor, engine: ScriptEngine, database: AppDatabase, clock: any DeskClock = SystemClock(),
                onScriptFinished: (@Sendable (ScriptRunResult) -> Void)? = nil) {
        self.monitor = monitor
        self.engine = engine
        self.bus = engine.environment.bus
        self.database = database
        self.clock = clock
        self.onScriptFinished = onScriptFinished
        on = Atomic(RegionSwitch.isOn(database))
        switchReadAt = Atomic(DispatchTime.now().uptimeNanoseconds)
    }

    public var isOn: Bool { on.load(ordering: .relaxed) }

    /// Reads the persisted on/off switch now.
    public func reloadSwitch() {
        switchReadAt.store(DispatchTime.now().uptimeNanoseconds, ordering: .relaxed)
        on.store(RegionSwitch.isOn(database), ordering: .relaxed)
    }

    /// Turns regions on or off, persisted, and says so on the bus.
    public func setOn(_ value: Bool) throws {
        try RegionSwitch.set(value, database)
        on.store(value, ordering: .relaxed)
        bus.publish(.region(.switched(on: value)))
    }

    // MARK: Inputs (each returns what happened, so `regions simulate` can print it)

    @discardableResult
    public func load(_ regions: [Region], at date: Date) -> [RegionTransition] {
        dispatch(monitor.load(regions, at: date))
    }

    /// A bus event: beacons drive beacon regions; a check-in runs the checkin scripts of
    /// the regions we are inside (not one made by a script, so a script cannot loop).
    @discardableResult
    public func handle(_ event: DeskEvent, at date: Date) -> [RegionTransition] {
        guard isOn else { return [] }
        switch event {
        case .beacon(let beacon):
            return dispatch(monitor.handle(beacon, at: date))
        case .checkIn(let report) where report.source != .script:
            for region in monitor.checkInRegions(at: date) {
                var details: [String: JSONValue] = ["passId": .string(report.passId), "outcome": .string(report.outcome.name),
                                                    "source": .string(report.source.rawValue),
                                                    "time": .double(report.time.timeIntervalSince1970)]
                if let member = report.outcome.member {
                    details["memberId"] = .string(member.memberId)
                    details["username"] = member.username.map(JSONValue.string) ?? .null
                    details["numVisits"] = .int(member.numVisits)
                    let member = DeskBindings.memberObject(member, env: engine.environment, standing: report.plan)
                    details["member"] = .object(member)
                    for key in ["plan", "visitsLeft", "expiresInDays"] { details[key] = member[key] }
                }
                if case .checkedIn(_, let n) = report.outcome { details["visitNumber"] = .int(n) }
                if case .enrolled = report.outcome { details["visitNumber"] = .int(1) }
                // An exit runs the same checkin scripts; they tell it by desk.event.kind.
                if case .checkedOut = report.outcome { details["kind"] = .string("checkout") }
                if let inside = report.inside { details["inside"] = .bool(inside) }
                run(region, .checkin, event: details)
            }
            return []
        default:
            return []
        }
    }

    @discardableResult
    public func handle(_ fix: LocationFix) -> [RegionTransition] {
        guard isOn else { return [] }
        return dispatch(monitor.handle(fix))
    }

    @discardableResult
    public func tick(at date: Date) -> [RegionTransition] {
        // `regions on|off` may come from another process: re-read the switch, at most once a second.
        let uptime = DispatchTime.now().uptimeNanoseconds
        if uptime &- switchReadAt.load(ordering: .relaxed) >= 1_000_000_000 { reloadSwitch() }
        guard isOn else { return [] }
        return dispatch(monitor.tick(at: date))
    }

    private func dispatch(_ transitions: [RegionTransition]) -> [RegionTransition] {
        for transition in transitions {
            let region = transition.region
            switch transition.kind {
            case .enter: bus.publish(.region(.entered(identifier: region.identifier, name: region.name)))
            case .exit: bus.publish(.region(.exited(identifier: region.identifier, name: region.name)))
            }
            guard transition.runScript else { continue }
            var event = transition.cause
            event["time"] = .double(transition.time.timeIntervalSince1970)
            run(region, transition.kind == .enter ? .enter : .exit, event: event)
        }
        return transitions
    }

    private func run(_ region: Region, _ kind: ScriptKind, event: [String: JSONValue]) {
        let source = region.script(for: kind)
        guard !source.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return }
        engine.run(source, activity: ScriptActivity(identifier: region.identifier, regionName: region.name, kind: kind, event: event),
                   completion: onScriptFinished)
    }

    // MARK: Live

    /// Listens to the bus and the location source, ticks every second, and refreshes the
    /// list from `listSource` when it is due (with backoff after a failure).
    public func start(location source: (any LocationSource)?, list: RegionListSource?, listOrigin: String) {
        let subscription = bus.subscribe()
        let listener = Task(executorPreference: executor) { [self] in
            for await event in subscription { handle(event, at: clock.now()) }
        }
        let ticker = Task(executorPreference: executor) { [self] in
            var cacheDate = list?.cacheDate()
            while !Task.isCancelled {
                tick(at: clock.now())
                if let list, !listOrigin.isEmpty, list.isRefreshDue() {
                    do {
                        let regions = try await list.refresh(from: listOrigin)
                        cacheDate = list.cacheDate()
                        load(regions, at: clock.now())
                        bus.publish(.region(.listUpdated(count: regions.count, source: listOrigin)))
                    } catch {
                        bus.publish(.error(DeskErrorNotice(source: "regions", message: "\(error)")))
                    }
                }
                // A list loaded by `memberdesk regions load|refresh` in another process.
                if let list, let date = list.cacheDate(), date != cacheDate {
                    cacheDate = date
                    if let regions = try? list.cached() {
                        load(regions, at: clock.now())
                        bus.publish(.region(.listUpdated(count: regions.count, source: list.cachePath)))
                    }
                }
                try? await Task.sleep(nanoseconds: 1_000_000_000)
            }
        }
        tasks.withLock { $0 += [listener, ticker] }
        if let source {
            location.withLock { $0 = source }
            // Fixes join the bus events and ticks on the watcher's one queue, so transitions keep their order.
            let queue = executor.queue
            source.start { [weak self] fix in
                guard let self else { return }
                queue.async { self.handle(fix) }
            }
        }
    }

    public func stop() {
        for task in tasks.withLock({ tasks in defer { tasks = [] }; return tasks }) { task.cancel() }
        location.withLock { $0?.stop(); $0 = nil }
    }
}
