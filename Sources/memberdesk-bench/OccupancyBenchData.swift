import Foundation
import GRDB
import MemberKit

/// The occupancy bench's database: MEMBERS members, EVENTS entries and exits spread over the
/// last year (each member's visits in order, 07:00 to 21:00, stays of 30 min to 2.5 h), stored
/// in time order as a desk records them, and the first INSIDE members inside since an hour
/// before it was made. Made by SQL in one transaction
/// (the event indexes dropped and built again after), then kept under .build/bench-data, since
/// making 10,000,000 events takes minutes; each run works on a copy.
struct OccupancyBenchData {
    /// Bump when the layout below changes, so an old cached file is not reused.
    static let layout = 3

    let path: String
    /// When the data was made: the bench's clock, so cached data reads the same.
    let madeAt: Double

    static func prepare(members: Int, events: Int, inside: Int, into folder: String) throws -> OccupancyBenchData {
        let cacheFolder = ProcessInfo.processInfo.environment["MEMBERDESK_BENCH_DATA"] ?? ".build/bench-data"
        let name = "occupancy-\(members)-\(events)-\(inside)-v\(layout)"
        let cached = cacheFolder + "/" + name + ".sqlite", stamp = cached + ".made-at"
        if !FileManager.default.fileExists(atPath: stamp) {
            try FileManager.default.createDirectory(atPath: cacheFolder, withIntermediateDirectories: true)
            let start = ContinuousClock.now
            let building = cached + ".building"
            try? FileManager.default.removeItem(atPath: building)
            let madeAt = SystemClock().now().timeIntervalSince1970.rounded(.down)
            try seedMembers(path: building, count: members)
            try seedEvents(path: building, members: members, events: events, inside: inside, now: madeAt)
            try? FileManager.default.removeItem(atPath: cached)
            try FileManager.default.moveItem(atPath: building, toPath: cached)
            try String(madeAt).write(toFile: stamp, atomically: true, encoding: .utf8)
            print(String(format: "(made the bench's database in %.0f s; kept as %@)", seconds(since: start), cached))
        }
        let madeAt = Double(try String(contentsOfFile: stamp, encoding: .utf8)) ?? 0
        let path = folder + "/desk.sqlite"
        try FileManager.default.copyItem(atPath: cached, toPath: path)
        return OccupancyBenchData(path: path, madeAt: madeAt)
    }

    /// The entry (x = 0) or exit (x = 1) time of visit v as SQL: visit k = v / members of a member
    /// falls in the k-th of `perMember` equal windows of the 360 days from `base`.
    private static func timeSQL(v: String, x: String, members: Int, perMember: Int, base: Double) -> String {
        let window = max(1, 360 / perMember)
        return "(\(base) + ((\(v) / \(members)) * \(window) + (\(v) * 7919) % \(window)) * 86400 + (7 + (\(v) * 31) % 14) * 3600"
            + " + ((\(v) * 17) % 60) * 60 + \(x) * (30 + \(v) % 120) * 60)"
    }

    private static func seedEvents(path: String, members: Int, events: Int, inside: Int, now: Double) throws {
        let perMember = max(1, events / 2 / members)
        let base = (now / 86400).rounded(.down) * 86400 - 366 * 86400
        let time = timeSQL(v: "v", x: "x", members: members, perMember: perMember, base: base)
        let lastExit = timeSQL(v: "((\(perMember) - 1) * \(members) + i)", x: "1", members: members, perMember: perMember, base: base)
        let entry = VisitEvent.Kind.entry.rawValue, exit = VisitEvent.Kind.exit.rawValue
        let queue = try DatabaseQueue(path: path)
        // The event id index is filled in random order: a large cache keeps that in memory.
        try queue.inDatabase { try $0.execute(sql: "PRAGMA cache_size = -2000000") }
        try queue.write { db in
            // Seeded events are not this desk's changes to send (the change-log triggers stay quiet).
            try db.execute(sql: "INSERT INTO member_change_muted(muted) VALUES (1)")
            let indexes = try String.fetchAll(db, sql: """
                SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'visit_event' AND sql IS NOT NULL
                """)
            for name in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'visit_event' AND sql IS NOT NULL") {
                try db.execute(sql: "DROP INDEX \(name)")
            }
            try db.execute(sql: """
                WITH RECURSIVE n(v) AS (SELECT 0 UNION ALL SELECT v + 1 FROM n WHERE v + 1 < ?)
                INSERT INTO visit_event(eventId, memberId, kind, time, terminalId, source, exitKind)
                SELECT printf('e%010d', 2 * v + x), printf('%08d-0000-4000-8000-%012d', v % ?2, v % ?2),
                       CASE x WHEN 0 THEN ?3 ELSE ?4 END, \(time), 'bench', 'nfc', CASE x WHEN 1 THEN ?5 END
                FROM n, (SELECT 0 AS x UNION ALL SELECT 1) ORDER BY 4
                """, arguments: [perMember * members, members, entry, exit, VisitSpan.ExitKind.tap.rawValue])
            try db.execute(sql: """
                WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?1)
                INSERT INTO visit_event(eventId, memberId, kind, time, terminalId, source)
                SELECT printf('i%010d', i), printf('%08d-0000-4000-8000-%012d', i, i), ?3, ?2 + i * 0.1, 'bench', 'nfc' FROM n
                """, arguments: [inside, now - 3600, entry])
            for sql in indexes { try db.execute(sql: sql) }
            // Each member's latest event: the entry an hour ago, or the exit of its last visit.
            try db.execute(sql: """
                WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?1)
                INSERT INTO member_presence(memberId, eventId, time, inside, terminalId)
                SELECT printf('%08d-0000-4000-8000-%012d', i, i),
                       CASE WHEN i < ?2 THEN printf('i%010d', i) ELSE printf('e%010d', 2 * ((\(perMember) - 1) * \(members) + i) + 1) END,
                       CASE WHEN i < ?2 THEN ?3 + i * 0.1 ELSE \(lastExit) END,
                       i < ?2, 'bench'
                FROM n
                """, arguments: [members, inside, now - 3600])
            try db.execute(sql: "DELETE FROM member_change_muted")
        }
        _ = try queue.writeWithoutTransaction { try $0.checkpoint(.truncate) }
    }
}
