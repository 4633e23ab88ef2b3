import CJavaScriptCore
import Foundation
@_spi(Testing) import MemberKit
import RegionKit
import Synchronization

/// `memberdesk-bench regions [--runs N]`: how fast a beacon event reaches its region script,
/// and how many enter/exit script runs a second the engine sustains for trivial scripts.
/// References, in the same process: a bare DispatchQueue hop (for dispatch) and the same JS
/// evaluated in a loop with JSEvaluateScript in one bare context (for throughput).
func runRegionBench(_ arguments: [String]) throws {
    var runs = 20_000
    if let index = arguments.firstIndex(of: "--runs"), index + 1 < arguments.count, let n = Int(arguments[index + 1]) { runs = n }
    let uuid = "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0"

    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("memberdesk-bench-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let database = try AppDatabase.inMemory()
    let bus = EventBus()
    let club = Club(database: database, terminal: try database.terminalIdentity(name: "bench"), bus: bus)
    let environment = ScriptEnvironment(database: database, club: club, bus: bus, sandbox: ScriptSandbox(root: folder))
    let finished = Mutex<[ScriptRunResult]>([])
    let engine = ScriptEngine(environment: environment)
    let watcher = RegionWatcher(monitor: RegionMonitor(database: nil, exitDelay: 0.5), engine: engine, database: database,
                                onScriptFinished: { result in finished.withLock { $0.append(result) } })
    let region = Region(identifier: "door", uuid: uuid, enterScript: "var visits = (typeof visits === 'number' ? visits : 0) + 1;",
                        exitScript: "var visits = (typeof visits === 'number' ? visits : 0) + 1;",
                        triggerLimit: .everyTime(cooldown: 0))
    var clock = Date(timeIntervalSince1970: 1_767_225_600)
    watcher.load([region], at: clock)
    let snapshot = BeaconSnapshot(identity: BeaconIdentity(kind: .iBeacon, uuid: uuid, major: 1, minor: 1), address: "11:22:33:44:55:66",
                                  proximity: .near, smoothedRSSI: -50, distance: 1, lastSeen: clock, reports: 1)
    /// One enter (a beacon reading) or one exit (time passing), alternately.
    func transition(_ n: Int) {
        clock += 1
        if n % 2 == 0 { watcher.handle(.beacon(.updated(snapshot)), at: clock) } else { watcher.tick(at: clock) }
    }
    // Warm up the JIT and the context.
    for n in 0..<2000 { transition(n) }
    engine.waitUntilIdle(timeout: 60)
    finished.withLock { $0.removeAll() }

    // 1. Dispatch: event → script start, one at a time (no queueing).
    let samples = min(runs, 5000)
    var latencies: [Double] = []
    latencies.reserveCapacity(samples)
    for n in 0..<samples {
        let before = DispatchTime.now().uptimeNanoseconds
        transition(n)
        engine.waitUntilIdle(timeout: 10)
        if let started = finished.withLock({ $0.popLast()?.startedAt }) { latencies.append(Double(started - before) / 1000) }
    }
    let queue = DispatchQueue(label: "bench.reference", qos: .userInitiated)
    var hops: [Double] = []
    let hopStarted = Atomic<UInt64>(0)
    let hopDone = DispatchSemaphore(value: 0)
    for _ in 0..<samples {
        let before = DispatchTime.now().uptimeNanoseconds
        queue.async {
            hopStarted.store(DispatchTime.now().uptimeNanoseconds, ordering: .relaxed)
            hopDone.signal()
        }
        hopDone.wait()
        hops.append(Double(hopStarted.load(ordering: .relaxed) - before) / 1000)
    }
    let p99 = percentile(latencies, 0.99), p50 = percentile(latencies, 0.5)
    let hop99 = percentile(hops, 0.99)
    print(String(format: "dispatch event→script start: p50 %.1f µs, p99 %.1f µs (goal < 2000 µs); reference: bare async queue hop p99 %.1f µs; ratio %.1fx",
                 p50, p99, hop99, p99 / max(hop99, 0.001)))

    // 2. Sustained throughput: enter/exit runs queued as fast as events come.
    finished.withLock { $0.removeAll(keepingCapacity: true) }
    let start = DispatchTime.now().uptimeNanoseconds
    for n in 0..<runs { transition(n) }
    engine.waitUntilIdle(timeout: 600)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let ours = Double(finished.withLock { $0.count }) / seconds

    let reference = referenceRunsPerSecond(region.enterScript, runs: runs)
    print(String(format: "enter/exit script runs: %.0f/s (goal 10000/s); reference JSEvaluateScript loop %.0f/s; ratio %.2f",
                 ours, reference, ours / reference))
}

/// The same script evaluated directly, in one bare context, as fast as JavaScriptCore allows.
private func referenceRunsPerSecond(_ source: String, runs: Int) -> Double {
    let group = JSContextGroupCreate()
    let ctx = JSGlobalContextCreateInGroup(group, nil)!
    defer { JSGlobalContextRelease(ctx); JSContextGroupRelease(group) }
    let script = JSStringCreateWithUTF8CString(source)
    defer { JSStringRelease(script) }
    for _ in 0..<2000 { _ = JSEvaluateScript(ctx, script, nil, nil, 1, nil) }
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<runs { _ = JSEvaluateScript(ctx, script, nil, nil, 1, nil) }
    return Double(runs) / (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
}

private func percentile(_ values: [Double], _ p: Double) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))]
}
