import Foundation
import GRDB
import MemberKit

/// `memberdesk-bench occupancy [MEMBERS] [EVENTS] [INSIDE]` (defaults 1,000,000, 10,000,000 and 5,000):
/// - the inside count (`Club.insideCount`, closing time applied, and the status bar's plain read)
///   beside a bare indexed `COUNT` in the sqlite3 shell on the same file;
/// - closing time checking INSIDE members out, beside the same inserts and update as bare SQL in
///   the sqlite3 shell (rolled back);
/// - one tap's changes file with its entry event: its size, and merging it into a copy of the database.
func runOccupancyBench(_ arguments: [String]) throws {
    let memberCount = arguments.first.flatMap(Int.init) ?? 1_000_000
    let eventCount = arguments.dropFirst().first.flatMap(Int.init) ?? 10_000_000
    let insideGoal = arguments.dropFirst(2).first.flatMap(Int.init) ?? 5_000
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("memberdesk-occupancy-bench-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: root + "/folder", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: root) }
    let path = root + "/desk.sqlite"
    let now = Date().timeIntervalSince1970
    try seedMembers(path: path, count: memberCount)
    try seedVisitEvents(path: path, members: memberCount, events: eventCount, inside: insideGoal, now: now)
    let database = try AppDatabase.open(path: path)
    let terminal = try database.terminalIdentity(name: "bench")

    // 1. The inside count, with a closing time that nobody inside is due for yet.
    let calendar = Calendar.current
    func minute(_ time: Double) -> Int {
        let parts = calendar.dateComponents([.hour, .minute], from: Date(timeIntervalSince1970: time))
        return (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
    }
    let open = Club(database: database, terminal: terminal,
                    settings: ClubSettings(occupancy: OccupancySettings(closingMinute: minute(now - 2 * 3600))))
    let inside = try open.insideCount()
    var counts: [Double] = [], reads: [Double] = []
    for _ in 0..<200 {
        counts.append(try wallTime { _ = try open.insideCount() })
        reads.append(try wallTime { _ = try database.insideCount() })
    }
    let shell = try sqliteShellTimes(path, statement: "SELECT count(*) FROM member_presence WHERE inside = 1;", repeats: 20)
    let countP50 = median(counts), readP50 = median(reads), shellP50 = median(shell)
    print(String(format: "inside count (%d inside, %d members, %d events): Club.insideCount p50 %.3f ms, max %.3f ms (goal < 5 ms)  %@   status bar's read p50 %.3f ms   sqlite3 shell COUNT p50 %.3f ms (ratio %.1f)",
                 inside, memberCount, eventCount, countP50 * 1000, (counts.max() ?? 0) * 1000, countP50 < 0.005 ? "ok" : "OVER",
                 readP50 * 1000, shellP50 * 1000, countP50 / max(shellP50, 1e-6)))
    fflush(nil)

    // 2. Closing time with everyone inside due (closing was 10 minutes ago).
    let referenceClosing = try sqliteShellTimes(path, statement: """
        BEGIN; INSERT INTO visit_event(eventId, memberId, kind, time, terminalId, source, exitKind)
        SELECT 'ref-' || eventId, memberId, 'exit', time + 1, 'ref', 'auto', 'auto' FROM member_presence WHERE inside = 1;
        UPDATE member_presence SET inside = 0 WHERE inside = 1; ROLLBACK;
        """, repeats: 1)
    let closing = Club(database: database, terminal: terminal,
                       settings: ClubSettings(occupancy: OccupancySettings(closingMinute: minute(now - 600))))
    var closed = 0
    let closingTime = try wallTime { closed = try closing.closeOverdueVisits() }
    print(String(format: "closing time checking %d out: %.3f s (goal < 1 s)  %@   sqlite3 shell's bare insert and update %.3f s (ratio %.1f)",
                 closed, closingTime, closingTime < 1 && closed == inside ? "ok" : "OVER", referenceClosing.first ?? .nan,
                 closingTime / max(referenceClosing.first ?? 1, 1e-6)))
    fflush(nil)

    // 3. One tap's changes file, with its entry event, merged into a copy of the database. The
    // writer is told a snapshot exists, so the first file is the changes file.
    let copyPath = root + "/copy.sqlite"
    _ = try DatabaseQueue(path: path).writeWithoutTransaction { try $0.checkpoint(.truncate) }
    try FileManager.default.copyItem(atPath: path, toPath: copyPath)
    let copy = try AppDatabase.open(path: copyPath)
    let settings = SyncSettings(folder: root + "/folder", snapshotChanges: 1_000_000_000, snapshotInterval: 1e9)
    let latest = try database.latestChange()
    var state = try database.syncWriterState()
    state.folder = settings.folder
    state.writtenThrough = latest
    state.snapshotThrough = latest
    state.snapshotAt = now
    try database.setSyncWriterState(state)
    try FileManager.default.createDirectory(atPath: root + "/folder/" + terminal.id, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: root + "/folder/\(terminal.id)/\(SyncFileName.snapshot(through: latest))", contents: Data())
    let writer = SyncWriter(database: database, settings: settings, terminal: terminal)
    let tapper = Club(database: database, terminal: terminal, settings: ClubSettings(debounce: 0))
    var sizes: [Int] = [], merges: [Double] = []
    for tap in 0..<20 {
        _ = try tapper.checkIn(passId: String(format: "04%010X", (tap * 7919 + insideGoal) % memberCount), source: .nfc)
        let written = try writer.write()
        guard let name = written.file, !written.snapshot else { throw DeskError.io("no changes file after a tap") }
        let file = root + "/folder/\(terminal.id)/" + name
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
        sizes.append(bytes.count)
        merges.append(try wallTime {
            let decoder = ExchangeFormat.musrl.decoder(bytes: bytes, name: name)
            _ = try copy.mergeSyncMembers({ try decoder.next() }, chunk: 500, editor: "copy", time: Date().timeIntervalSince1970,
                                          file: SyncFileRecord(terminalId: terminal.id, name: name, size: Int64(bytes.count), mtime: 0, readAt: 0),
                                          coveredThrough: nil)
        })
    }
    let events = try copy.visitEventCount() - (try database.visitEventCount() - 20)
    print(String(format: "a tap's changes file with its entry event: %d bytes (goal < 2048)  %@   merged into %d members and %d events: p50 %.2f ms, max %.2f ms (goal < 20 ms)  %@   (%d of 20 entries arrived)",
                 sizes.max() ?? 0, (sizes.max() ?? 0) < 2048 ? "ok" : "OVER", memberCount, eventCount, median(merges) * 1000,
                 (merges.max() ?? 0) * 1000, (merges.max() ?? 0) < 0.020 ? "ok" : "OVER", events))
    fflush(nil)
}

/// EVENTS entries and exits over the members (the last of each an exit), then an entry an hour ago
/// for the first INSIDE members, and each member's presence; by SQL through the bench's own connection.
private func seedVisitEvents(path: String, members: Int, events: Int, inside: Int, now: Double) throws {
    let perMember = max(1, events / members)
    let base = now - Double(perMember) * 3 * 86400 - 86400
    let queue = try DatabaseQueue(path: path)
    try queue.write { db in
        // Seeded events are not this desk's changes to send (the change-log triggers stay quiet).
        try db.execute(sql: "INSERT INTO member_change_muted(muted) VALUES (1)")
        try db.execute(sql: """
            WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?1)
            INSERT INTO visit_event(eventId, memberId, kind, time, terminalId, source, exitKind)
            SELECT printf('e%010d', i), printf('%08d-0000-4000-8000-%012d', i % ?2, i % ?2),
                   CASE WHEN (i / ?2) % 2 = 0 THEN 'entry' ELSE 'exit' END,
                   ?3 + (i / ?2) * 3 * 86400 + (i % 36000), 'bench', 'nfc', CASE WHEN (i / ?2) % 2 = 1 THEN 'tap' END
            FROM n
            """, arguments: [perMember * members, members, base])
        try db.execute(sql: """
            WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?1)
            INSERT INTO visit_event(eventId, memberId, kind, time, terminalId, source)
            SELECT printf('i%010d', i), printf('%08d-0000-4000-8000-%012d', i, i), 'entry', ?2 + i * 0.1, 'bench', 'nfc' FROM n
            """, arguments: [inside, now - 3600])
        // Each member's latest event: the entry an hour ago, or its last exit.
        try db.execute(sql: """
            WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?1)
            INSERT INTO member_presence(memberId, eventId, time, inside, terminalId)
            SELECT printf('%08d-0000-4000-8000-%012d', i, i),
                   CASE WHEN i < ?2 THEN printf('i%010d', i) ELSE printf('e%010d', (?3 - 1) * ?1 + i) END,
                   CASE WHEN i < ?2 THEN ?4 + i * 0.1 ELSE ?5 + (?3 - 1) * 3 * 86400 + (((?3 - 1) * ?1 + i) % 36000) END,
                   i < ?2, 'bench'
            FROM n
            """, arguments: [members, inside, perMember, now - 3600, base])
        try db.execute(sql: "DELETE FROM member_change_muted")
    }
    _ = try queue.writeWithoutTransaction { try $0.checkpoint(.truncate) }
}

/// The sqlite3 shell's own timing of `statement`, run `repeats` times in one session (seconds each).
func sqliteShellTimes(_ path: String, statement: String, repeats: Int) throws -> [Double] {
    let script = ".timer on\n" + Array(repeating: statement, count: repeats).joined(separator: "\n") + "\n"
    let input = FileManager.default.temporaryDirectory.appendingPathComponent("occupancy-\(UUID().uuidString).sql").path
    try script.write(toFile: input, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: input) }
    let output = input + ".out"
    defer { try? FileManager.default.removeItem(atPath: output) }
    guard system("sqlite3 '\(path)' < '\(input)' > '\(output)' 2>&1") == 0 else { throw DeskError.io("sqlite3 failed") }
    let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    // "Run Time: real 0.001 user 0.000 sys 0.000": one per statement; a transaction's are summed.
    let times = text.split(separator: "\n").compactMap { line -> Double? in
        guard line.hasPrefix("Run Time: real ") else { return nil }
        return Double(line.dropFirst("Run Time: real ".count).split(separator: " ").first ?? "")
    }
    guard !times.isEmpty else { throw DeskError.io("sqlite3 printed no timing: \(text.prefix(200))") }
    if repeats == 1 { return [times.reduce(0, +)] }
    return times
}

func wallTime(_ body: () throws -> Void) throws -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return .nan }
    return values.sorted()[values.count / 2]
}
