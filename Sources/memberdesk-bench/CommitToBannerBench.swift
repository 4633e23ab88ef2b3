import DeskUI
import Foundation
import MemberDeskTestSupport
import MemberKit
import Synchronization

/// From a check-in's commit (the moment `Club.checkIn` publishes it) to the frame with its banner
/// on the terminal: the front desk's real loop on a headless terminal, beside the bare check-in
/// call (the commit itself). Taps come `spacing` apart, as a queue at the desk does; back to back,
/// each tap would also wait for the frames the previous one's list and stats refresh draws.
/// Then the loop's CPU while nothing happens (it wakes once a second for the clock).
func runCommitToBannerBench(rounds: Int = 300, spacing: Double = 0.05) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("banner-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = try AppDatabase.open(path: directory.appendingPathComponent("members.sqlite").path)
    let club = Club(database: database, terminal: try database.terminalIdentity(name: "bench"))
    for i in 0..<rounds { try club.addMember(passId: String(format: "06%06X", i), username: "Bench \(i)") }

    /// The headline the loop is waiting for, and when a frame first showed it.
    struct Watch { var expected = ""; var publishedAt: UInt64?; var shownAt: UInt64? }
    let watch = Mutex(Watch())
    let shown = DispatchSemaphore(value: 0)
    let bannerRows = DeskLayout(width: 120, height: 40).banner.y..<DeskLayout(width: 120, height: 40).banner.maxY
    let desk = HeadlessFrontDesk(services: DeskServices(club: club, terminalName: "bench"), width: 120, height: 40) { grid in
        let banner = bannerRows.map { grid.text(row: $0) }.joined()
        let now = DispatchTime.now().uptimeNanoseconds
        let hit = watch.withLock { watch -> Bool in
            guard watch.shownAt == nil, !watch.expected.isEmpty, banner.contains(watch.expected) else { return false }
            watch.shownAt = now
            return true
        }
        if hit { shown.signal() }
    }
    defer { desk.stop() }
    // Runs on the publishing thread right after the commit, as the desk's own wake-up does.
    let published = club.bus.subscribe()
    published.onDelivery { event in
        guard case .checkIn = event else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        watch.withLock { if $0.publishedAt == nil { $0.publishedAt = now } }
    }
    defer { published.cancel() }

    var toBanner: [Double] = [], tapToBanner: [Double] = [], commit: [Double] = []
    var nextTap = DispatchTime.now().uptimeNanoseconds
    for i in 0..<rounds {
        while DispatchTime.now().uptimeNanoseconds < nextTap { usleep(500) }
        watch.withLock { $0 = Watch(expected: "Welcome, Bench \(i) — first visit") }
        let t0 = DispatchTime.now().uptimeNanoseconds
        nextTap = t0 + UInt64(spacing * 1e9)
        try club.checkIn(passId: String(format: "06%06X", i), source: .nfc)
        let t1 = DispatchTime.now().uptimeNanoseconds
        guard shown.wait(timeout: .now() + 2) == .success,
              let (publishedAt, shownAt) = watch.withLock({ w in w.shownAt.flatMap { s in w.publishedAt.map { ($0, s) } } }) else {
            throw DeskError.io("the banner for Bench \(i) never showed")
        }
        if ProcessInfo.processInfo.environment["LOOPTRACE"] != nil { FileHandle.standardError.write("published \(publishedAt/1000) shown \(shownAt/1000)\n".data(using: .utf8)!) }
        commit.append(Double(t1 - t0) / 1e6)
        toBanner.append(Double(shownAt - min(publishedAt, shownAt)) / 1e6)
        tapToBanner.append(Double(shownAt - t0) / 1e6)
    }
    func percentiles(_ values: [Double]) -> (Double, Double) {
        (TUIBenchData.percentile(values, 0.5), TUIBenchData.percentile(values, 0.99))
    }
    let (p50, p99) = percentiles(toBanner), (t50, t99) = percentiles(tapToBanner), (c50, c99) = percentiles(commit)
    print(String(format: "commit → banner drawn  p50 %.2f ms  p99 %.2f ms (goal p99 < 5 ms)   bare check-in (commit + publish) p50 %.2f ms  p99 %.2f ms   ratio of p99s %.2f",
                 p50, p99, c50, c99, p99 / max(c99, 0.001)))
    print(String(format: "  check-in call → banner drawn (the commit included)  p50 %.2f ms  p99 %.2f ms; %d taps %.0f ms apart",
                 t50, t99, rounds, spacing * 1000))

    // What a frame costs: the whole screen rendered from the state (the banner showing), as each redraw does.
    var state = DeskState(setup: DeskSetup(terminalName: "bench"), now: SystemClock().now())
    _ = DeskReducer.reduce(&state, .resize(width: 120, height: 40), now: SystemClock().now())
    let member = try database.member(idOrPass: String(format: "06%06X", 0)) ?? { throw DeskError.io("no bench member") }()
    _ = DeskReducer.reduce(&state, .event(.checkIn(CheckInReport(time: SystemClock().now(), source: .nfc, passId: member.passId,
                                                                 outcome: .checkedIn(member, visitNumber: 1), terminalId: "bench"))), now: SystemClock().now())
    var renders: [Double] = []
    for _ in 0..<200 {
        let start = DispatchTime.now().uptimeNanoseconds
        _ = state.render(now: SystemClock().now())
        renders.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    print(String(format: "  of which a full 120×40 frame rendered: p50 %.2f ms  p99 %.2f ms (load average %.1f: a loaded machine adds waiting for a core)",
                 TUIBenchData.percentile(renders, 0.5), TUIBenchData.percentile(renders, 0.99), loadAverage()))

    // Idle: the loop sleeps in poll(2); measure this process's CPU while nothing happens.
    let before = processCPUSeconds(), started = ContinuousClock.now
    Thread.sleep(forTimeInterval: 5)
    let idle = (processCPUSeconds() - before) / seconds(since: started) * 100
    print(String(format: "idle CPU  front desk loop in process %.2f %% (goal < 1 %%)", idle))
}

private func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

private func loadAverage() -> Double {
    var loads = [Double](repeating: 0, count: 3)
    return getloadavg(&loads, 3) > 0 ? loads[0] : 0
}
