import DeskUI
import Foundation
import MemberDeskTestSupport
import MemberKit
import StaffAuth
import Synchronization

/// Issue #19's figures. (1) What recording a check-in in the audit record adds to its commit:
/// `Club.checkIn` as it is, beside the same club with the recording off, alternating rounds on
/// two WAL files in one run. (2) A sign-in's PIN check (libsodium's Argon2id verify; goal
/// 0.1–0.5 s). (3) That it runs off the UI thread: the real loop on a headless terminal keeps
/// drawing and showing taps' banners while a sign-in's PIN is checked.
func runStaffBench(_ arguments: [String]) throws {
    let count = arguments.first.flatMap(Int.init) ?? 10_000
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("memberdesk-staff-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try auditCost(count: count, folder: folder)
    let hasher = try SodiumPINHasher()
    try pinCheck(hasher)
    try pinCheckOffTheUIThread(hasher, folder: folder)
}

private func auditCost(count: Int, folder: URL) throws {
    let memberCount = 1_000
    func club(_ name: String, records: Bool) throws -> Club {
        let database = try AppDatabase.open(path: folder.appendingPathComponent(name).path)
        let club = Club(database: database, terminal: try database.terminalIdentity(name: "bench"), settings: ClubSettings(debounce: 0),
                        bus: EventBus(), clock: SystemClock(), recordsCheckIns: records)
        for i in 0..<memberCount { try club.addMember(passId: "P\(i)") }
        return club
    }
    let recorded = try club("recorded.sqlite", records: true)
    let unrecorded = try club("unrecorded.sqlite", records: false)
    let rounds = 100, perRound = max(1, count / rounds)
    struct Figures { var cpu = (recorded: 0.0, unrecorded: 0.0), wall = (recorded: 0.0, unrecorded: 0.0), cpuRatios: [Double] = [], wallRatios: [Double] = [] }
    // Wall time, and this thread's CPU time: on a machine that other processes load, the CPU a
    // check-in costs is the steadier figure (WAL with synchronous=NORMAL: no fsync per commit).
    func compare(_ recorded: Club, _ unrecorded: Club, firstMember: Int) throws -> Figures {
        var figures = Figures()
        for round in 0..<rounds {
            let base = firstMember + round * perRound
            // Alternate which goes first, so that load from other processes falls on both alike; the
            // median of the rounds' ratios keeps a busy moment on one side from deciding it.
            var pairWall = (recorded: 0.0, unrecorded: 0.0), pairCPU = (recorded: 0.0, unrecorded: 0.0)
            for isRecorded in [round % 2 == 0, round % 2 != 0] {
                let club = isRecorded ? recorded : unrecorded
                let start = DispatchTime.now().uptimeNanoseconds, startCPU = threadCPUSeconds()
                for i in base..<(base + perRound) { try club.checkIn(passId: "P\(i % memberCount)", source: .nfc) }
                let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, used = threadCPUSeconds() - startCPU
                if isRecorded { (pairWall.recorded, pairCPU.recorded) = (elapsed, used) } else { (pairWall.unrecorded, pairCPU.unrecorded) = (elapsed, used) }
            }
            figures.wall.recorded += pairWall.recorded; figures.wall.unrecorded += pairWall.unrecorded
            figures.cpu.recorded += pairCPU.recorded; figures.cpu.unrecorded += pairCPU.unrecorded
            figures.wallRatios.append(pairWall.recorded / pairWall.unrecorded)
            figures.cpuRatios.append(pairCPU.recorded / pairCPU.unrecorded)
        }
        return figures
    }
    let n = Double(rounds * perRound)
    let apart = try compare(recorded, unrecorded, firstMember: 0)
    print(String(format: "check-in commit CPU µs   with audit %.0f   without %.0f   audit adds %.1f %% (goal < 10 %%; median of %d rounds' ratios, total %.1f %%)",
                 apart.cpu.recorded / n * 1e6, apart.cpu.unrecorded / n * 1e6, (median(apart.cpuRatios) - 1) * 100, rounds,
                 (apart.cpu.recorded / apart.cpu.unrecorded - 1) * 100))
    print(String(format: "check-in commit wall µs  with audit %.0f   without %.0f   audit adds %.1f %% (median of rounds; total %.1f %%; %d entries)",
                 apart.wall.recorded / n * 1e6, apart.wall.unrecorded / n * 1e6, (median(apart.wallRatios) - 1) * 100,
                 (apart.wall.recorded / apart.wall.unrecorded - 1) * 100, try recorded.database.auditCount()))
    // The same, with both sides on one database (one store, the recording switched by round): the
    // two files above differ in more than the audit line (their size, when each checkpoints).
    let sameFile = Club(database: recorded.database, terminal: try recorded.database.terminalIdentity(name: "bench"),
                        settings: ClubSettings(debounce: 0), bus: EventBus(), clock: SystemClock(), recordsCheckIns: false)
    let shared = try compare(recorded, sameFile, firstMember: rounds * perRound)
    print(String(format: "  one database, recording on and off by round: CPU µs %.0f / %.0f, audit adds %.1f %% (median of rounds' ratios, total %.1f %%)",
                 shared.cpu.recorded / n * 1e6, shared.cpu.unrecorded / n * 1e6, (median(shared.cpuRatios) - 1) * 100,
                 (shared.cpu.recorded / shared.cpu.unrecorded - 1) * 100))
}

private func pinCheck(_ hasher: SodiumPINHasher) throws {
    let pin = try PIN("482193")
    let hash = try hasher.hash(pin)
    var times: [Double] = []
    for _ in 0..<7 {
        let start = DispatchTime.now().uptimeNanoseconds
        guard hasher.verify(pin, against: hash) else { throw DeskError.io("the PIN did not verify") }
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    times.sort()
    print(String(format: "PIN check (Argon2id verify)  median %.3f s   min %.3f   max %.3f (goal 0.1–0.5 s)",
                 times[times.count / 2], times[0], times[times.count - 1]))
}

/// Signs in on the real loop and taps members while the PIN is checked: the frames drawn and
/// the taps' banners shown meanwhile say that the UI thread never waited for Argon2id.
private func pinCheckOffTheUIThread(_ hasher: SodiumPINHasher, folder: URL) throws {
    let database = try AppDatabase.open(path: folder.appendingPathComponent("desk.sqlite").path)
    let club = Club(database: database, terminal: try database.terminalIdentity(name: "bench"), settings: ClubSettings(debounce: 0))
    let taps = 40
    for i in 0..<taps { try club.addMember(passId: String(format: "07%06X", i), username: "Tapper \(i)") }
    try club.addStaff(name: "Mia", role: .manager, pin: PIN("482193"), hasher: hasher, by: .cli(user: "bench"))

    struct Frames { var times: [UInt64] = []; var banners = Set<String>(); var onDutyAt: UInt64? }
    let frames = Mutex(Frames())
    var services = DeskServices(club: club, terminalName: "bench")
    services.staff = DeskStaffServices(hasher: hasher, lockEnabled: true)
    let desk = HeadlessFrontDesk(services: services, width: 120, height: 40) { grid in
        let now = DispatchTime.now().uptimeNanoseconds
        let text = grid.text
        frames.withLock { f in
            f.times.append(now)
            if f.onDutyAt == nil {
                if text.contains("On duty: Mia") { f.onDutyAt = now }
                if let range = text.range(of: "Welcome, Tapper ") {
                    f.banners.insert(String(text[range.upperBound...].prefix { $0.isNumber }))
                }
            }
        }
    }
    defer { desk.stop() }
    desk.terminal.press(.control("l"))
    _ = try desk.terminal.waitFor("Operator:")
    desk.terminal.type("Mia")
    desk.terminal.press(.enter)
    desk.terminal.type("482193")
    let start = DispatchTime.now().uptimeNanoseconds
    desk.terminal.press(.enter)
    // Taps 20 ms apart while the PIN is checked (each a real commit, as the reader makes them).
    var tapped = 0
    while frames.withLock({ $0.onDutyAt == nil }), tapped < taps {
        try club.checkIn(passId: String(format: "07%06X", tapped), source: .nfc)
        tapped += 1
        usleep(20_000)
    }
    _ = try desk.terminal.waitFor("On duty: Mia")
    let (signedInAt, drawn, longestGap, banners) = frames.withLock { f -> (UInt64, Int, Double, Int) in
        let end = f.onDutyAt ?? DispatchTime.now().uptimeNanoseconds
        let during = f.times.filter { $0 >= start && $0 <= end }
        let gaps = zip(during.dropFirst(), during).map { Double($0 - $1) / 1e6 }
        return (end, during.count, gaps.max() ?? 0, f.banners.count)
    }
    print(String(format: "while a PIN check ran (%.3f s to \"On duty\"): %d frames drawn, longest gap %.0f ms, %d of %d taps' banners shown (goal: all, the loop never waits)",
                 Double(signedInAt - start) / 1e9, drawn, longestGap, banners, tapped))
}
