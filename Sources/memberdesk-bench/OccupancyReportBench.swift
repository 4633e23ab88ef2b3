import Foundation
import MemberKit

/// `memberdesk report` over the year the data covers, by the release binary beside this bench,
/// beside the sqlite3 shell running the same aggregates: pairing entries with exits, visits per
/// day, arrivals by weekday and hour, members, average stay, peak occupancy, who stopped coming.
func benchReport(path: String, root: String, madeAt: Double) throws {
    let binary = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
        .deletingLastPathComponent().appendingPathComponent("memberdesk").path
    guard FileManager.default.isExecutableFile(atPath: binary) else {
        throw DeskError.io("no memberdesk beside the bench (\(binary)): swift build -c release")
    }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .current
    let last = Date(timeIntervalSince1970: madeAt)
    let first = calendar.date(byAdding: .day, value: -364, to: last)!
    let day = DateFormatter()
    day.locale = Locale(identifier: "en_US_POSIX")
    day.dateFormat = "yyyy-MM-dd"
    try "".write(toFile: root + "/empty.toml", atomically: true, encoding: .utf8)
    let out = root + "/report.html"
    let command = [binary, "report", "--from", day.string(from: first), "--to", day.string(from: last), "--out", out,
                   "--db", path, "--config", root + "/empty.toml"].map { "'\($0)'" }.joined(separator: " ")
    var times: [Double] = [], cpu: [Double] = []
    for _ in 0..<3 {
        var status: Int32 = 0
        let before = childCPUSeconds()
        times.append(try wallTime { status = system(command + " > '\(root)/report.out' 2>&1") })
        cpu.append(childCPUSeconds() - before)
        guard status == 0 else {
            throw DeskError.io("memberdesk report failed: \((try? String(contentsOfFile: root + "/report.out", encoding: .utf8)) ?? "")")
        }
    }
    let said = ((try? String(contentsOfFile: root + "/report.out", encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)

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
    let p50 = median(times)
    // CPU time too: on a shared machine the wall time is mostly waiting for a core.
    printFigure("report over a year (\(said))", String(format: "%.2f s (runs %@; CPU %.2f s)", p50,
                                                       times.map { String(format: "%.2f", $0) }.joined(separator: ", "), median(cpu)),
                reference: String(format: "sqlite3 shell's aggregates %.2f s", reference),
                ratio: p50 / max(reference, 1e-6), goal: "< 3 s", met: p50 < 3)
}

/// User and system time of the children that have ended, in seconds.
private func childCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_CHILDREN.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}
