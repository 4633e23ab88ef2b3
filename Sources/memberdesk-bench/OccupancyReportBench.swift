import DeskSettings
import Foundation
import GRDB
import MemberKit

/// `memberdesk report` over the year the data covers, by the release binary beside this bench,
/// beside the sqlite3 shell running the same aggregates: pairing entries with exits, visits per
/// day, arrivals by weekday and hour, members, average stay, peak occupancy, who stopped coming.
/// Cold (the first report fills its cache of past days) and warm (after a day of taps and late
/// events from a desk that was offline three days): the goal is judged on the warm runs.
func benchReport(path: String, root: String, madeAt: Double, eventCount: Int) throws {
    let binary = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
        .deletingLastPathComponent().appendingPathComponent("memberdesk").path
    guard FileManager.default.isExecutableFile(atPath: binary) else {
        throw DeskError.io("no memberdesk beside the bench (\(binary)): swift build -c release")
    }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .current
    // Up to today (the binary reads the real clock): today's taps below are its live day.
    let last = Date(timeIntervalSince1970: max(madeAt, SystemClock().now().timeIntervalSince1970))
    let first = calendar.date(byAdding: .day, value: -364, to: last)!
    let day = DateFormatter()
    day.locale = Locale(identifier: "en_US_POSIX")
    day.dateFormat = "yyyy-MM-dd"
    try "".write(toFile: root + "/empty.toml", atomically: true, encoding: .utf8)
    let out = root + "/report.html"
    let command = [binary, "report", "--from", day.string(from: first), "--to", day.string(from: last), "--out", out,
                   "--db", path, "--config", root + "/empty.toml"].map { "'\($0)'" }.joined(separator: " ")
    /// One run of the real binary: wall and CPU seconds, and what it printed.
    func runReport() throws -> (wall: Double, cpu: Double, said: String) {
        var status: Int32 = 0
        let before = childCPUSeconds()
        let wall = try wallTime { status = system(command + " > '\(root)/report.out' 2>&1") }
        let said = ((try? String(contentsOfFile: root + "/report.out", encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard status == 0 else { throw DeskError.io("memberdesk report failed: \(said)") }
        return (wall, childCPUSeconds() - before, said)
    }
    // A tap's added cost: event inserts with the cache empty (its triggers idle), then filled.
    var patient = Configuration()
    patient.busyMode = .timeout(60)
    let events = try DatabaseQueue(path: path, configuration: patient)
    let now = SystemClock().now().timeIntervalSince1970
    let todayStart = calendar.startOfDay(for: SystemClock().now()).timeIntervalSince1970
    let tapsWithout = try insertTaps(events, firstMember: 10_000, members: 5_000, from: max(todayStart, now - 10 * 3600), to: now - 60)
    let cold = try runReport()
    // The desk's background warm-up from a cold cache (`ReportWarmer`, less its pauses between
    // slices), then the first report after it.
    try events.write { db in try db.execute(sql: "DELETE FROM report_day; DELETE FROM report_member") }
    let warmUp = try benchReportWarmUp(path: path)
    let afterWarmUp = try runReport()
    let tapsWith = try insertTaps(events, firstMember: 20_000, members: 5_000, from: max(todayStart, now - 10 * 3600), to: now - 60)
    // The rest of a day of taps for today, and a desk that was offline for three days syncing late.
    let perDay = max(1, eventCount / 365)
    _ = try insertTaps(events, firstMember: 30_000, members: perDay / 2, from: max(todayStart, now - 12 * 3600), to: now - 60)
    _ = try insertTaps(events, firstMember: 30_000 + perDay, members: 150, from: todayStart - 3 * 86400, to: todayStart - 3600)
    var warm: [(wall: Double, cpu: Double, said: String)] = []
    for _ in 0..<3 { warm.append(try runReport()) }
    let since = first.timeIntervalSince1970 - 86400, until = last.timeIntervalSince1970 + 86400
    let entry = VisitEvent.Kind.entry.rawValue, exit = VisitEvent.Kind.exit.rawValue
    let reference = try sqliteShellTimes(path, statement: """
        CREATE TEMP TABLE span AS
          SELECT memberId, time AS entered, CASE WHEN nextKind = '\(exit)' THEN nextTime END AS exited
          FROM (SELECT memberId, kind, time, lead(kind) OVER w AS nextKind, lead(time) OVER w AS nextTime
                FROM visit_event WINDOW w AS (PARTITION BY memberId ORDER BY time, eventId))
          WHERE kind = '\(entry)' AND time >= \(since) AND time < \(until);
        SELECT count(*) FROM (SELECT date(entered, 'unixepoch', 'localtime') AS day, count(*) FROM span GROUP BY day);
        SELECT count(*) FROM (SELECT strftime('%w %H', entered, 'unixepoch', 'localtime') AS slot, count(*) FROM span GROUP BY slot);
        SELECT count(*), count(DISTINCT memberId), avg(exited - entered) FROM span;
        SELECT max(inside) FROM (SELECT sum(d) OVER (ORDER BY t ROWS UNBOUNDED PRECEDING) AS inside
          FROM (SELECT entered AS t, 1 AS d FROM span UNION ALL SELECT exited, -1 FROM span WHERE exited IS NOT NULL));
        SELECT count(*) FROM (SELECT memberId FROM span GROUP BY memberId
          HAVING count(DISTINCT CAST(entered / 86400 AS INT)) >= 4 AND max(entered) < \(until) - 31 * 86400);
        DROP TABLE span;
        """, repeats: 1)[0]
    // CPU time too: on a shared machine the wall time is mostly waiting for a core.
    printFigure("report over a year, cold (fills the cache; \(cold.said))", String(format: "%.2f s (CPU %.2f s)", cold.wall, cold.cpu),
                reference: String(format: "sqlite3 shell's aggregates %.2f s", reference),
                ratio: cold.wall / max(reference, 1e-6), goal: "not judged", met: true)
    printFigure("the report cache's background warm-up from cold (\(warmUp.days) days in \(warmUp.slices) slices of up to \(ReportWarmUp.sliceDays))",
                String(format: "%.2f s (CPU %.2f s; the longest slice %.2f s)", warmUp.wall, warmUp.cpu, warmUp.longestSlice),
                reference: String(format: "the cold report %.2f s", cold.wall), ratio: warmUp.wall / max(cold.wall, 1e-6),
                goal: "not judged", met: true)
    printFigure("report over a year, the first after the warm-up (\(afterWarmUp.said))",
                String(format: "%.2f s (CPU %.2f s)", afterWarmUp.wall, afterWarmUp.cpu),
                reference: String(format: "sqlite3 shell's aggregates %.2f s", reference),
                ratio: afterWarmUp.wall / max(reference, 1e-6), goal: "< 3 s", met: afterWarmUp.wall < 3)
    let worst = warm.map(\.wall).max() ?? .nan
    printFigure("report over a year, warm after a day of taps and 300 late events (\(warm[0].said)); judged on the slowest run",
                String(format: "%.2f s (runs %@; CPU %@)", worst, warm.map { String(format: "%.2f", $0.wall) }.joined(separator: ", "),
                       warm.map { String(format: "%.2f", $0.cpu) }.joined(separator: ", ")),
                reference: String(format: "sqlite3 shell's aggregates %.2f s", reference),
                ratio: worst / max(reference, 1e-6), goal: "< 3 s", met: worst < 3)
    print(String(format: "  a tap's event insert: %.1f µs with the report cache empty, %.1f µs with it filled (+%.1f µs; 10,000 inserts each)",
                 tapsWithout * 1e6, tapsWith * 1e6, (tapsWith - tapsWithout) * 1e6))
    fflush(nil)
}

/// Inserts an entry and, 45 minutes on, an exit for `members` members from `firstMember` on, at
/// times spread over [from, to), one statement each in one transaction: seconds per event.
private func insertTaps(_ queue: DatabaseQueue, firstMember: Int, members: Int, from: Double, to: Double) throws -> Double {
    let entry = VisitEvent.Kind.entry.rawValue, exit = VisitEvent.Kind.exit.rawValue
    let tag = UUID().uuidString.prefix(8)
    var seconds = 0.0
    try queue.write { db in
        let insert = try db.makeStatement(sql: """
            INSERT INTO visit_event(eventId, memberId, kind, time, terminalId, source, exitKind)
            VALUES (?, printf('%08d-0000-4000-8000-%012d', ?2, ?2), ?, ?, 'bench-late', 'nfc', ?)
            """)
        seconds = try wallTime {
            for n in 0..<members {
                let member = firstMember + n
                let entered = from + (to - from) * Double(n) / Double(max(1, members))
                try insert.execute(arguments: ["\(tag)-\(n)-in", member, entry, entered, nil])
                try insert.execute(arguments: ["\(tag)-\(n)-out", member, exit, min(entered + 2700, to), VisitSpan.ExitKind.tap.rawValue])
            }
        }
    }
    return seconds / Double(max(1, 2 * members))
}

/// User and system time of the children that have ended, in seconds.
private func childCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_CHILDREN.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

/// The warm-up's slices run back to back until caught up, as `ReportWarmer` runs them (with its
/// pauses left out): wall and CPU seconds in all, and the longest slice (of which only its claim
/// and its store, two short writes, hold the write lock; its read holds nothing).
private func benchReportWarmUp(path: String) throws -> (days: Int, slices: Int, wall: Double, cpu: Double, longestSlice: Double) {
    let database = try AppDatabase.open(path: path)
    // The desk's settings as the report's binary reads them (the empty config: a 12-hour longest stay).
    let club = Club(database: database, terminal: try database.terminalIdentity(name: "bench"), settings: DeskConfig().clubSettings)
    var days = 0, slices = 0, longest = 0.0
    func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
    let cpuBefore = cpuSeconds()
    let wall = try wallTime {
        while true {
            var progress: ReportWarmUpProgress?
            let slice = try wallTime { progress = try club.warmReportCache(timeZone: club.settings.occupancy.calendar.timeZone) }
            longest = max(longest, slice)
            days += progress?.daysStored ?? 0
            slices += 1
            if progress?.daysStored ?? 0 == 0 || progress?.caughtUp ?? true { break }
        }
    }
    return (days, slices, wall, cpuSeconds() - cpuBefore, longest)
}
