import Foundation
import GRDB
import MemberKit

/// `memberdesk-bench plans [MEMBERS] [TAPS]` (defaults 1,000,000 and 2,000):
/// - a check-in of a pack member (the plan read, the rule, the pack's use in the same transaction)
///   beside today's check-in of an open member, in alternating rounds of the same run (goal: < 10 % more);
/// - `members list --expiring 14` (`AppDatabase.membersExpiring`) beside the same indexed query
///   in the sqlite3 shell on the same file (goal: < 50 ms).
func runPlansBench(_ arguments: [String]) throws {
    let memberCount = arguments.first.flatMap(Int.init) ?? 1_000_000
    let taps = arguments.dropFirst().first.flatMap(Int.init) ?? 2_000
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("memberdesk-plans-bench-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: root) }
    let path = root + "/desk.sqlite"
    let now = SystemClock().now().timeIntervalSince1970
    try seedMembers(path: path, count: memberCount)
    try seedPlans(path: path, members: memberCount, now: now)
    let database = try AppDatabase.open(path: path)
    let terminal = try database.terminalIdentity(name: "bench")
    // Per visit and no debounce: every tap is a counted entry, and every pack member's uses a visit.
    let club = Club(database: database, terminal: terminal,
                    settings: ClubSettings(debounce: 0, plans: PlanSettings(packUse: .perVisit)))
    func pass(_ index: Int) -> String { String(format: "04%010X", index) }

    // 1. Check-ins: members i % 10 == 1 are open, i % 10 == 0 hold a pack (as seeded).
    var open: [Double] = [], pack: [Double] = []
    let rounds = 20, perRound = max(1, taps / rounds)
    for round in 0..<rounds {
        for k in 0..<perRound {
            let member = ((round * perRound + k) * 7919 % (memberCount / 10)) * 10
            open.append(try wallTime { _ = try club.checkIn(passId: pass(member + 1), source: .nfc) })
            pack.append(try wallTime { _ = try club.checkIn(passId: pass(member), source: .nfc) })
        }
    }
    let openP50 = median(open), packP50 = median(pack)
    let ratio = packP50 / max(openP50, 1e-9)
    print(String(format: "check-in at %d members: with a pack p50 %.3f ms   today's (open member) p50 %.3f ms   ratio %.3f (goal < 1.10)  %@",
                 memberCount, packP50 * 1000, openP50 * 1000, ratio, ratio < 1.10 ? "ok" : "OVER"))
    fflush(nil)

    // 2. The manager's list: expiring within 14 days (through the end of that local day).
    let calendar = Calendar.current
    let end = (calendar.date(byAdding: .day, value: 15, to: calendar.startOfDay(for: Date(timeIntervalSince1970: now)))?
        .timeIntervalSince1970 ?? now) - 0.001
    var found = 0
    var lists: [Double] = []
    for _ in 0..<20 { lists.append(try wallTime { found = try database.membersExpiring(from: now, through: end, limit: Int.max).count }) }
    let shell = try sqliteShellTimes(path, statement: """
        SELECT memberId, passId, username, expiresAt FROM member
        WHERE expiresAt IS NOT NULL AND deletedAt IS NULL AND expiresAt >= \(now) AND expiresAt <= \(end) ORDER BY expiresAt;
        """, repeats: 20)
    let listP50 = median(lists), shellP50 = median(shell)
    print(String(format: "members list --expiring 14 at %d members (%d found): p50 %.2f ms, max %.2f ms (goal < 50 ms)  %@   sqlite3 shell's indexed query p50 %.2f ms (ratio %.1f)",
                 memberCount, found, listP50 * 1000, (lists.max() ?? 0) * 1000, listP50 < 0.050 ? "ok" : "OVER",
                 shellP50 * 1000, listP50 / max(shellP50, 1e-6)))
    fflush(nil)
}

/// Every 10th member a pack (a million visits bought, so it never runs out), every 20th an expiry
/// spread over a year, and every 100th + 5 in the household of the pack member before it.
private func seedPlans(path: String, members: Int, now: Double) throws {
    let queue = try DatabaseQueue(path: path)
    try queue.write { db in
        try db.execute(sql: "INSERT INTO member_change_muted(muted) VALUES (1)")
        try db.execute(sql: "UPDATE member SET plan = 'pack' WHERE id % 10 = 1")
        try db.execute(sql: """
            INSERT INTO pack_counter(memberId, terminalId, added, used)
            SELECT memberId, 'seed', 1000000, 0 FROM member WHERE plan = 'pack'
            """)
        try db.execute(sql: "UPDATE member SET expiresAt = ? + ((id / 20) % 365) * 86400 + 3600 WHERE id % 20 = 1",
                       arguments: [now])
        try db.execute(sql: """
            UPDATE member SET plan = 'household',
                household = (SELECT h.memberId FROM member h WHERE h.id = member.id - 5)
            WHERE id % 100 = 6
            """)
        try db.execute(sql: "DELETE FROM member_change_muted")
    }
    _ = try queue.writeWithoutTransaction { try $0.checkpoint(.truncate) }
}
