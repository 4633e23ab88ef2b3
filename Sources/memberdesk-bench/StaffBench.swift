import DeskUI
import Foundation
import MemberDeskTestSupport
@_spi(Testing) import MemberKit
import StaffAuth
import Synchronization

/// Issue #19's figures. (1) What recording a check-in in the audit record adds to its commit:
/// `Club.checkIn` as it is, beside the same club with the recording off, alternating tap by tap
/// on two WAL files in one run. (2) A sign-in's PIN check (libsodium's Argon2id verify; goal
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
    func club(_ database: AppDatabase, records: Bool) throws -> Club {
        let club = Club(database: database, terminal: try database.terminalIdentity(name: "bench"), settings: ClubSettings(debounce: 0),
                        bus: EventBus(), clock: SystemClock(), recordsCheckIns: records)
        for i in 0..<memberCount { try club.addMember(passId: "P\(i)") }
        return club
    }
    struct Taps { var cpu = (recorded: [Double](), unrecorded: [Double]()), wall = (recorded: [Double](), unrecorded: [Double]()) }
    /// Tap by tap: one check-in on each side in turn (which goes first alternates), each timed
    /// alone, on this thread's CPU clock (WAL with synchronous=NORMAL: no fsync in a commit; the
    /// checkpoints run on their own thread) and on the wall clock. Load from other processes
    /// falls on both sides within microseconds; rounds of a hundred taps a side had swung 8-14 %
    /// from run to run, on when each side's WAL happened to checkpoint.
    func interleaved(_ recorded: Club, _ unrecorded: Club, firstMember: Int) throws -> Taps {
        var taps = Taps()
        for tap in 0..<count {
            let passId = "P\((firstMember + tap) % memberCount)"
            for isRecorded in [tap % 2 == 0, tap % 2 != 0] {
                let start = DispatchTime.now().uptimeNanoseconds, startCPU = threadCPUSeconds()
                try (isRecorded ? recorded : unrecorded).checkIn(passId: passId, source: .nfc)
                let cpu = threadCPUSeconds() - startCPU, wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                if isRecorded { taps.cpu.recorded.append(cpu); taps.wall.recorded.append(wall) } else {
                    taps.cpu.unrecorded.append(cpu); taps.wall.unrecorded.append(wall)
                }
            }
        }
        return taps
    }
    func adds(_ sides: (recorded: [Double], unrecorded: [Double])) -> (median: Double, total: Double) {
        ((median(sides.recorded) / median(sides.unrecorded) - 1) * 100,
         (sides.recorded.reduce(0, +) / sides.unrecorded.reduce(0, +) - 1) * 100)
    }
    let recordedDatabase = try AppDatabase.open(path: folder.appendingPathComponent("recorded.sqlite").path)
    let recorded = try club(recordedDatabase, records: true)
    let unrecordedDatabase = try AppDatabase.open(path: folder.appendingPathComponent("unrecorded.sqlite").path)
    let apart = try interleaved(recorded, try club(unrecordedDatabase, records: false), firstMember: 0)
    let cpu = adds(apart.cpu), wall = adds(apart.wall)
    print(String(format: "check-in commit CPU µs   with audit %.0f   without %.0f   audit adds %.1f %% (goal < 10 %%; medians of %d taps a side, alternating; totals %.1f %%)",
                 median(apart.cpu.recorded) * 1e6, median(apart.cpu.unrecorded) * 1e6, cpu.median, count, cpu.total))
    print(String(format: "check-in commit wall µs  with audit %.0f   without %.0f   audit adds %.1f %% (medians; totals %.1f %%; %d entries)",
                 median(apart.wall.recorded) * 1e6, median(apart.wall.unrecorded) * 1e6, wall.median, wall.total,
                 try recordedDatabase.auditCount()))
    // The same, with both sides on one database (one store, the recording switched by tap): the
    // two files above differ in more than the audit line (their size, when each checkpoints).
    let sameFile = Club(database: recordedDatabase, terminal: try recordedDatabase.terminalIdentity(name: "bench"),
                        settings: ClubSettings(debounce: 0), bus: EventBus(), clock: SystemClock(), recordsCheckIns: false)
    let shared = adds(try interleaved(recorded, sameFile, firstMember: count).cpu)
    print(String(format: "  one database, recording on and off by tap: audit adds %.1f %% of the CPU (medians; totals %.1f %%)",
                 shared.median, shared.total))
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
