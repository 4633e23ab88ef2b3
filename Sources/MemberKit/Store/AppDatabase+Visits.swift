import Foundation
import GRDB

/// The visit audit trail and the per-terminal visit counters.
extension AppDatabase {
    /// A member's visits, newest first.
    public func visits(memberId: String, limit: Int = 100) throws -> [VisitRecord] {
        try read { store in
            try Row.fetchAll(store.db, sql: "SELECT visitId, memberId, terminalId, time, source FROM visit WHERE memberId = ? ORDER BY time DESC LIMIT ?",
                             arguments: [memberId, limit]).map {
                VisitRecord(visitId: $0[0], memberId: $0[1], terminalId: $0[2], time: $0[3], source: $0[4])
            }
        }
    }

    /// The per-terminal counters whose sum is the member's numVisits.
    public func visitCounters(memberId: String) throws -> [String: Int] {
        try read { store in try store.visitCounters(memberId: memberId) }
    }
}

extension StoreTransaction {
    func visitCounters(memberId: String) throws -> [String: Int] {
        let statement = try db.cachedStatement(sql: "SELECT terminalId, count FROM visit_counter WHERE memberId = ?")
        var counters: [String: Int] = [:]
        let rows = try Row.fetchCursor(statement, arguments: [memberId])
        while let row = try rows.next() { counters[row[0]] = row[1] }
        return counters
    }

    /// Raises a terminal's counter for a member to `count` (a G-counter merges by max).
    func raiseVisitCounter(memberId: String, terminalId: String, to count: Int) throws {
        try db.cachedStatement(sql: """
            INSERT INTO visit_counter(memberId, terminalId, count) VALUES (?, ?, ?)
            ON CONFLICT(memberId, terminalId) DO UPDATE SET count = max(count, excluded.count)
            """).execute(arguments: [memberId, terminalId, count])
    }

    /// A member's own visits: the sum of its counters.
    func ownVisitCount(_ memberId: String) throws -> Int {
        try Int.fetchOne(db.cachedStatement(sql: "SELECT coalesce(sum(count), 0) FROM visit_counter WHERE memberId = ?"),
                         arguments: [memberId]) ?? 0
    }

    /// A member's visits with those of the members unified into it.
    func unifiedVisitCount(_ memberId: String) throws -> Int {
        try Int.fetchOne(db.cachedStatement(sql: """
            SELECT coalesce(sum(count), 0) FROM visit_counter
            WHERE memberId = ?1 OR memberId IN (SELECT memberId FROM member_alias WHERE survivorId = ?1)
            """), arguments: [memberId]) ?? 0
    }
}
