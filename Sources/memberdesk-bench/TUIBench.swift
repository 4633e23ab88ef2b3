import DeskUI
import Foundation
import GRDB
import MemberDeskTestSupport
import MemberKit

/// The front desk with N members (default 1,000,000):
/// - startup: launch in tmux to the first frame with member rows, beside the sqlite3 shell running the same page query;
/// - search: p50/p99 from a keystroke to the redrawn list (in process, real worker), beside the bare page query;
/// - a check-in to its banner drawn (in process, the real loop on a headless terminal), beside the bare check-in;
/// - idle CPU and RSS of the running binary, beside the sqlite3 shell's RSS for the same query.
func runTUIBench(_ arguments: [String]) throws {
    let count = arguments.first.flatMap(Int.init) ?? 1_000_000
    let binDir = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.deletingLastPathComponent().path
    let cache = ProcessInfo.processInfo.environment["TUI_BENCH_DB"] ?? ".build/bench-tui-\(count).sqlite"
    // Absolute: the pane in tmux need not share this process's working directory.
    let path = URL(fileURLWithPath: cache).standardizedFileURL.path
    let database = try TUIBenchData.open(path: path, count: count)

    // 1. Startup to the first screen with rows.
    var startups: [Double] = [], references: [Double] = []
    let pageSQL = "SELECT id, * FROM member WHERE deletedAt IS NULL ORDER BY timeStampOfLastVisit DESC, id DESC LIMIT 60"
    var idlePercent = 0.0, settleSeconds = 0.0, rssKB = 0, rssAfterScrollKB = 0
    for round in 0..<5 {
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("tui-trace-\(UUID().uuidString)").path
        let start = SystemClock().now().timeIntervalSince1970
        let session = try TmuxSession(command: ["env", "MEMBERDESK_DB=\(path)", "MEMBERDESK_TUI_TRACE=\(trace)", "TERM=tmux-256color",
                                                "LANG=C.UTF-8", "\(binDir)/memberdesk"],
                                      environment: ProcessInfo.processInfo.environment, width: 120, height: 40)
        defer { session.kill() }
        guard waitUntil(timeout: 30, { TUIBenchData.traceTime(trace, "first-rows") != nil }),
              let shown = TUIBenchData.traceTime(trace, "first-rows") else { throw DeskError.io("the front desk never showed rows") }
        startups.append(shown - start)
        unlink(trace)
        references.append(try TUIBenchData.time { try TUIBenchData.runSQLite(path: path, sql: pageSQL) })
        if round == 0, let shell = session.panePid, let pid = TUIBenchData.child(of: shell) {
            _ = try? session.waitFor("members") { $0.contains(" members") && !$0.contains("… members") }
            rssKB = TUIBenchData.rssKB(pid)
            // Idle: nothing happens for 5 s but the clock, once the start's background work (the
            // count, the report cache's warm-up) has ended: a second of at most one tick.
            settleSeconds = TUIBenchData.waitForQuiet(pid, timeout: 30)
            let before = TUIBenchData.cpuTicks(pid)
            Thread.sleep(forTimeInterval: 5)
            let ticks = TUIBenchData.cpuTicks(pid) - before
            idlePercent = Double(ticks) / Double(sysconf(Int32(_SC_CLK_TCK))) / 5 * 100
            for _ in 0..<50 { try session.press("PageDown") }
            try session.press("End")
            _ = try? session.waitFor("end of list", timeout: 10) { _ in TUIBenchData.rssKB(pid) > 0 }
            Thread.sleep(forTimeInterval: 1)
            rssAfterScrollKB = TUIBenchData.rssKB(pid)
        }
        try session.press("F10")
    }
    let startup = TUIBenchData.median(startups), reference = TUIBenchData.median(references)
    print(String(format: "startup to first rows  memberdesk %.0f ms   sqlite3 shell page query %.0f ms   ratio %.1f (goal < 300 ms)",
                 startup * 1000, reference * 1000, startup / reference))

    // 2. Search keystrokes, in process: key → worker query → rows → render.
    let terminal = try database.terminalIdentity(name: "bench")
    let club = Club(database: database, terminal: terminal)
    let desk = FrontDesk(services: DeskServices(club: club, terminalName: "bench"))
    desk.start(width: 120, height: 40)
    let settling = ContinuousClock.now
    while desk.state.list.rows.isEmpty, seconds(since: settling) < 30 { desk.tick(); usleep(1000) }
    var latencies: [Double] = [], queryTimes: [Double] = []
    let words = ["anna", "smith", "04000000000F", "mar", "example.com", "zo", "li", "kowalski", "b"]
    desk.key(.character("/"), at: SystemClock().now())
    for word in words {
        for c in word {
            let t0 = DispatchTime.now().uptimeNanoseconds
            desk.key(.character(c), at: SystemClock().now())
            let generation = desk.state.list.generation
            while true {
                desk.tick()
                if desk.state.list.generation == generation, !desk.state.list.rows.isEmpty || desk.state.list.total == 0 { break }
                if DispatchTime.now().uptimeNanoseconds - t0 > 5_000_000_000 { break }
                usleep(100)
            }
            _ = desk.render()
            latencies.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
            if ProcessInfo.processInfo.environment["TUI_BENCH_VERBOSE"] != nil {
                FileHandle.standardError.write(Data(String(format: "  %@: %.1f ms\n", desk.state.list.searchText ?? "", latencies.last!).utf8))
            }
            let search = desk.state.list.searchText
            queryTimes.append(try TUIBenchData.time {
                _ = try database.memberPage(matching: search, sort: desk.state.list.sort, limit: desk.state.list.viewport + 1)  // what the list asks for first
            } * 1000)
        }
        for _ in word { desk.key(.backspace, at: SystemClock().now()) }
        while desk.state.list.rows.isEmpty { desk.tick(); usleep(100) }
    }
    let p50 = TUIBenchData.percentile(latencies, 0.5), p99 = TUIBenchData.percentile(latencies, 0.99)
    let q99 = TUIBenchData.percentile(queryTimes, 0.99)
    print(String(format: "search keystroke → redrawn list  p50 %.1f ms  p99 %.1f ms   bare page query p99 %.1f ms   ratio %.1f (goal p99 < 16 ms)",
                 p50, p99, q99, p99 / max(q99, 0.001)))
    desk.stop()

    // 3. A check-in to its banner on the screen, and the loop's idle CPU.
    try runCommitToBannerBench()

    // 4. Idle CPU and memory.
    let sqliteRSS = try TUIBenchData.childMaxRSSKB { try TUIBenchData.runSQLite(path: path, sql: pageSQL) }
    print(String(format: "idle CPU  memberdesk %.2f %% (goal < 1 %%; measured once its start's work ended, %.0f s after the count)",
                 idlePercent, settleSeconds))
    print(String(format: "RSS  memberdesk %.1f MB at start, %.1f MB after scrolling   sqlite3 shell %.1f MB   ratio %.1f (goal < 80 MB)",
                 Double(rssKB) / 1024, Double(rssAfterScrollKB) / 1024, Double(sqliteRSS) / 1024,
                 Double(max(rssKB, rssAfterScrollKB)) / Double(max(sqliteRSS, 1))))
}

enum TUIBenchData {
    /// Opens the cached bench database, filling it with `count` members on first use.
    static func open(path: String, count: Int) throws -> AppDatabase {
        let database = try AppDatabase.open(path: path)
        let existing = try database.memberCount()
        if existing >= count { return database }
        FileHandle.standardError.write(Data("tui bench: creating \(count) members in \(path) (once)…\n".utf8))
        let first = ["Anna", "Ben", "Chloé", "David", "Emma", "Farid", "Greta", "Hiro", "Ines", "Jonas", "Kofi", "Lena",
                     "Marta", "Nils", "Olga", "Pavel", "Quinn", "Rosa", "Sven", "Tara", "山田", "Zoë", "Mar", "Li"]
        let last = ["Smith", "Kowalski", "Müller", "García", "Rossi", "Tanaka", "Nowak", "Dubois", "Silva", "Jensen",
                    "太郎", "Novak", "Ivanova", "O'Brien", "Lindqvist", "Martín"]
        let now = SystemClock().now().timeIntervalSince1970
        // The fixture is written by SQL through a connection of the bench's own, beside the store
        // (with the store's settings, for the name's sort key).
        try DatabaseQueue(path: path, configuration: AppDatabase.configuration()).write { db in
            let statement = try db.makeStatement(sql: """
                INSERT INTO member(memberId, passId, username, timeStampAdded, numVisits, timeStampOfLastVisit, fields,
                                   status, modifiedAt, modifiedBy, searchTokens, nameKey)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'active', ?8, 'bench', ?9, member_name_key(?3))
                """)
            for n in existing..<count {
                let name = "\(first[n % first.count]) \(last[(n / first.count) % last.count]) \(n)"
                let email = "\(first[n % first.count].lowercased())\(n)@example.com"
                let fields = "{\"userEmailAddress\":\"\(email)\"}"
                let lastVisit = n % 7 == 0 ? 0 : now - Double((n &* 7919) % (60 * 86400))
                let passId = String(format: "04%012X", n)
                let memberId = UUID().uuidString
                let words = SearchTokens.json(of: MemberRecord(memberId: memberId, passId: passId, username: name, timeStampAdded: 0,
                                                               fields: ["userEmailAddress": .string(email)], modifiedAt: 0, modifiedBy: ""))
                try statement.execute(arguments: [memberId, passId, name, now - 86400 * 90,
                                                  n % 200, lastVisit, fields, now, words])
            }
        }
        return database
    }

    static func traceTime(_ path: String, _ key: String) -> Double? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(key + " ") {
            return Double(line.dropFirst(key.count + 1))
        }
        return nil
    }

    static func time(_ body: () throws -> Void) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    static func runSQLite(path: String, sql: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [path, sql]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
    }

    static func childMaxRSSKB(_ body: () throws -> Void) throws -> Int {
        try body()
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        return usage.ru_maxrss
    }

    /// The pane runs `bash -c "env … memberdesk; echo"`: memberdesk is the shell's child.
    static func child(of pid: Int32) -> Int32? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8) else { return nil }
        return text.split(separator: " ").first.flatMap { Int32($0) }
    }

    static func rssKB(_ pid: Int32) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
        }
        return 0
    }

    /// Seconds until a one-second window of `pid` used at most one clock tick (or `timeout`).
    static func waitForQuiet(_ pid: Int32, timeout: Double) -> Double {
        let start = SystemClock().now().timeIntervalSince1970
        while SystemClock().now().timeIntervalSince1970 - start < timeout {
            let before = cpuTicks(pid)
            Thread.sleep(forTimeInterval: 1)
            if cpuTicks(pid) - before <= 1 { break }
        }
        return SystemClock().now().timeIntervalSince1970 - start
    }

    static func cpuTicks(_ pid: Int32) -> Int {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // utime and stime are fields 14 and 15; after ")" the first field is 3 (state).
        return (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
    }

    static func median(_ values: [Double]) -> Double { percentile(values, 0.5) }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded(.up)))]
    }
}
