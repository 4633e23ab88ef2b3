import Foundation
import GRDB
import MemberKit

/// `memberdesk-bench sync [N]`: N members (default 1,000,000).
/// - export .mucsv with `memberdesk export` against the sqlite3 shell's `.mode csv` export of the table;
/// - import and merge a .musrl into a database that already holds the members, with
///   `memberdesk import --yes`, against the sqlite3 shell's `.import --csv` of the same table;
/// - the peak RSS of each `memberdesk` run (the child's getrusage, through wait4).
func runSyncBench(_ arguments: [String]) throws {
    let count = arguments.first.flatMap(Int.init) ?? 1_000_000
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("memberdesk-sync-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let bin = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let memberdesk = bin.appendingPathComponent("memberdesk").path
    let dbPath = folder.appendingPathComponent("members.sqlite").path
    try seedMembers(path: dbPath, count: count)
    var environment = ProcessInfo.processInfo.environment
    environment["MEMBERDESK_DB"] = dbPath
    environment["XDG_CONFIG_HOME"] = folder.path
    environment["XDG_STATE_HOME"] = folder.path

    // Export .mucsv: memberdesk against the sqlite3 shell.
    // Five alternating runs each, keeping each side's best (the least disturbed by other work on
    // the machine, and by what the page cache kept of a freshly written table); the spread of
    // each side is printed beside it, so that a noisy run shows as one.
    let mucsv = folder.appendingPathComponent("members.mucsv").path
    let sqliteCSV = folder.appendingPathComponent("sqlite.csv").path
    let (ourRuns, referenceRuns) = try alternating(5, ours: {
        try measure(memberdesk, ["export", mucsv], environment: environment)
    }, reference: { _ in
        try measure("/usr/bin/sqlite3", [dbPath, ".headers on", ".mode csv", ".output \(sqliteCSV)", "SELECT * FROM member;"],
                    environment: environment)
    })
    let ours = Run.best(of: ourRuns), reference = Run.best(of: referenceRuns)
    report("export .mucsv", ours: ours, reference: reference, referenceName: "sqlite3 .mode csv", goal: 1.25)
    print(String(format: "  export runs (CPU s): memberdesk %@   sqlite3 %@   ratio of medians %.2f",
                 ourRuns.map { String(format: "%.2f", $0.cpuSeconds) }.joined(separator: " "),
                 referenceRuns.map { String(format: "%.2f", $0.cpuSeconds) }.joined(separator: " "),
                 median(ourRuns.map(\.cpuSeconds)) / median(referenceRuns.map(\.cpuSeconds))))

    // Import and merge .musrl into the database that holds them: against .import --csv into the same schema.
    let musrl = folder.appendingPathComponent("members.musrl").path
    _ = try measure(memberdesk, ["export", musrl], environment: environment)
    // Two alternating runs each, keeping each side's best, as for the export (one run each
    // swung the ratio from 0.90 to 1.09 with the same binaries). The merge changes nothing (every
    // member is unchanged), so it repeats; the shell imports into a fresh empty copy each time.
    let (mergeRuns, importRuns) = try alternating(2, ours: {
        try measure(memberdesk, ["import", musrl, "--yes"], environment: environment)
    }, reference: { round in
        let fresh = folder.appendingPathComponent("fresh-\(round).sqlite").path
        _ = try AppDatabase.open(path: fresh)  // memberdesk's schema, empty
        defer { try? FileManager.default.removeItem(atPath: fresh) }
        return try measure("/usr/bin/sqlite3", [fresh, ".import --csv --skip 1 \(sqliteCSV) member"], environment: environment)
    })
    let merged = Run.best(of: mergeRuns), imported = Run.best(of: importRuns)
    report("import+merge .musrl", ours: merged, reference: imported, referenceName: "sqlite3 .import --csv", goal: 1.0)

    let peak = max(ours.peakRSS, merged.peakRSS)
    print(String(format: "peak RSS     export %.0f MB   import %.0f MB   (goal <= 200 MB)  %@",
                 Double(ours.peakRSS) / 1e6, Double(merged.peakRSS) / 1e6, peak <= 200_000_000 ? "ok" : "OVER"))
}

struct Run {
    var seconds: Double
    /// User plus system CPU time: steadier than wall time on a machine shared with other work.
    var cpuSeconds: Double
    var peakRSS: Int

    /// The fastest of runs by CPU time, with the largest peak RSS of them.
    static func best(of runs: [Run]) -> Run {
        runs.dropFirst().reduce(runs[0]) { $0.best($1) }
    }

    /// The faster of two runs by CPU time, with the larger peak RSS of the two.
    func best(_ other: Run) -> Run {
        var best = other.cpuSeconds < cpuSeconds ? other : self
        best.peakRSS = max(peakRSS, other.peakRSS)
        return best
    }
}

/// `times` runs of each side, alternating, so that load from other work falls on both alike.
/// `reference` is given the round's number.
private func alternating(_ times: Int, ours: () throws -> Run, reference: (Int) throws -> Run) throws -> (ours: [Run], reference: [Run]) {
    var runs: (ours: [Run], reference: [Run]) = ([], [])
    for round in 0..<times {
        runs.ours.append(try ours())
        runs.reference.append(try reference(round))
    }
    return runs
}

private func report(_ name: String, ours: Run, reference: Run, referenceName: String, goal: Double) {
    let ratio = ours.cpuSeconds / reference.cpuSeconds
    print(String(format: "%@: memberdesk %.2f s CPU (%.2f s wall)   %@ %.2f s CPU (%.2f s wall)   CPU ratio %.2f, wall ratio %.2f (goal <= %.2f)  %@",
                 name, ours.cpuSeconds, ours.seconds, referenceName, reference.cpuSeconds, reference.seconds, ratio,
                 ours.seconds / reference.seconds, goal, ratio <= goal ? "ok" : "OVER"))
    fflush(nil)
}

/// Runs a program to completion; its wall time and peak RSS (from wait4's rusage).
func measure(_ program: String, _ arguments: [String], environment: [String: String]) throws -> Run {
    let start = DispatchTime.now().uptimeNanoseconds
    var pid: pid_t = 0
    let argv = ([program] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    defer { posix_spawn_file_actions_destroy(&actions) }
    guard posix_spawn(&pid, program, &actions, nil, argv, envp) == 0 else {
        throw DeskError.io("cannot run \(program)")
    }
    var status: Int32 = 0
    var usage = rusage()
    guard wait4(pid, &status, 0, &usage) == pid else { throw DeskError.io("wait4 failed for \(program)") }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    guard status == 0 else { throw DeskError.io("\(program) \(arguments.joined(separator: " ")) failed (status \(status))") }
    func time(_ value: timeval) -> Double { Double(value.tv_sec) + Double(value.tv_usec) / 1e6 }
    return Run(seconds: seconds, cpuSeconds: time(usage.ru_utime) + time(usage.ru_stime), peakRSS: usage.ru_maxrss * 1024)
}

/// N members with one visit counter each, written in one transaction by SQL.
func seedMembers(path: String, count: Int) throws {
    let terminal = try AppDatabase.open(path: path).terminalIdentity(name: "bench")
    // The fixture is written by SQL through a connection of the bench's own, beside the store.
    let queue = try DatabaseQueue(path: path)
    try queue.write { db in
        try db.execute(sql: """
            WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?)
            INSERT INTO member (memberId, passId, username, timeStampAdded, numVisits, timeStampOfLastVisit, fields,
                                status, modifiedAt, modifiedBy)
            SELECT printf('%08d-0000-4000-8000-%012d', i, i), printf('04%010X', i), 'Member ' || i,
                   1767225600 + i, i % 10, 1767300000 + i * 0.5,
                   '{"userEmailAddress":"m' || i || '@example.com"}', 'active', 1767225600 + i, ?
            FROM n
            """, arguments: [count, terminal.id])
        try db.execute(sql: """
            INSERT INTO visit_counter (memberId, terminalId, count)
            SELECT memberId, ?, numVisits FROM member WHERE numVisits > 0
            """, arguments: [terminal.id])
    }
    // Both programs then read the database file itself, not a WAL holding every page.
    _ = try queue.writeWithoutTransaction { try $0.checkpoint(.truncate) }
}
