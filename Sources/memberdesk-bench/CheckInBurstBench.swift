import Foundation
import MemberDeskTestSupport
import MemberKit

/// A burst: `count` check-ins of known members typed into `memberdesk scan --stdin --json` as fast
/// as it takes them (a class letting out, a replayed backup). The WAL file's size is looked at
/// every 5 ms meanwhile: the largest it grew to is a figure too. Then how long the log takes to be
/// emptied once the burst has ended. The reference is the sqlite3 shell fed the same number of
/// one-row transactions on stdin (a visit row each, WAL, synchronous NORMAL, as the store opens).
func runCheckInBurstBench(_ arguments: [String]) throws {
    let count = arguments.first.flatMap(Int.init) ?? 100_000
    let memberCount = 1_000
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("memberdesk").path
    let home = try TemporaryDirectory()
    let path = home.file("members.sqlite")
    let config = home.file("config.toml")
    try "debounce_seconds = 0\n".write(toFile: config, atomically: true, encoding: .utf8)
    do {
        let database = try AppDatabase.open(path: path)
        let club = Club(database: database, terminal: try database.terminalIdentity(name: "burst"))
        for i in 0..<memberCount { try club.addMember(passId: String(format: "0C%06X", i)) }
    }
    let output = home.file("scan.jsonl")
    var environment = ProcessInfo.processInfo.environment
    environment["HOME"] = home.path
    environment["XDG_STATE_HOME"] = home.path + "/state"
    let scan = try ChildProcess(binary, ["scan", "--stdin", "--json", "--db", path, "--config", config],
                                environment: environment, stdin: .pipe, stdout: .file(output), stderr: .null)
    let start = DispatchTime.now().uptimeNanoseconds
    Thread.detachNewThread {
        var lines = ""
        for i in 0..<count {
            lines += String(format: "0C%06X\n", i % memberCount)
            if lines.utf8.count > 60_000 || i == count - 1 {
                scan.write(lines)
                lines = ""
            }
        }
    }
    // Every tap prints one line; the input stays open, so the desk keeps running after the burst.
    let reader = try FileHandle(forReadingFrom: URL(fileURLWithPath: output))
    var printed = 0, largest = 0
    while printed < count, scan.isRunning {
        largest = max(largest, fileSize(path + "-wal"))
        printed += reader.availableData.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
        usleep(5_000)
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let endOfBurst = DispatchTime.now().uptimeNanoseconds
    let emptied = waitUntil(timeout: 30, poll: 0.01) { fileSize(path + "-wal") == 0 }
    let emptiedAfter = Double(DispatchTime.now().uptimeNanoseconds - endOfBurst) / 1e9
    scan.closeInput()
    _ = scan.wait(timeout: 60)
    let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    let counted = text.split(separator: "\n").filter { $0.contains(#""outcome":"checkedIn""#) }.count
    print(String(format: "burst of %@ check-ins through scan --stdin: %@ counted in %.1f s (%.0f/s); largest WAL %.1f MB",
                 CountText.grouped(count), CountText.grouped(counted), seconds, Double(counted) / seconds, Double(largest) / 1e6))
    print(emptied ? String(format: "the running desk emptied its WAL %.1f s after the burst", emptiedAfter)
                  : "the running desk had not emptied its WAL 30 s after the burst")
    if counted != count { throw DeskError.io("only \(counted) of \(count) check-ins were counted") }
    let shell = try shellBurst(count, memberCount: memberCount, in: home)
    print(String(format: "sqlite3 shell, %@ one-row transactions on stdin: %.1f s (%.0f/s); largest WAL %.1f MB; ratio %.2f (rate), %.2f (WAL)",
                 CountText.grouped(count), shell.seconds, Double(count) / shell.seconds, Double(shell.largestWAL) / 1e6,
                 (Double(counted) / seconds) / (Double(count) / shell.seconds), Double(largest) / Double(max(shell.largestWAL, 1))))
}

/// The burst's reference: the same count of autocommit inserts typed into the sqlite3 shell, the
/// WAL watched the same way.
private func shellBurst(_ count: Int, memberCount: Int, in home: TemporaryDirectory) throws -> (seconds: Double, largestWAL: Int) {
    let path = home.file("shell.sqlite")
    let script = "PRAGMA journal_mode = WAL;\nPRAGMA synchronous = NORMAL;\n"
        + "CREATE TABLE visit (id INTEGER PRIMARY KEY, member TEXT NOT NULL, time REAL NOT NULL);\n"
        + "CREATE INDEX visit_member ON visit (member, time);\n"
    let shell = try ChildProcess("/usr/bin/sqlite3", [path], environment: ProcessInfo.processInfo.environment,
                                 stdin: .pipe, stdout: .null, stderr: .null)
    let start = DispatchTime.now().uptimeNanoseconds
    Thread.detachNewThread {
        var lines = script
        for i in 0..<count {
            lines += String(format: "INSERT INTO visit (member, time) VALUES ('0C%06X', %d);\n", i % memberCount, i)
            if lines.utf8.count > 60_000 || i == count - 1 {
                shell.write(lines)
                lines = ""
            }
        }
        shell.closeInput()
    }
    var largest = 0
    while shell.isRunning {
        largest = max(largest, fileSize(path + "-wal"))
        usleep(5_000)
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    guard shell.wait(timeout: 60) == .exited(0) else { throw DeskError.io("the sqlite3 shell's burst failed") }
    return (seconds, largest)
}
