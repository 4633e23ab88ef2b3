import Foundation
import GRDB

/// The visit audit trail and the per-terminal visit counters.
///
/// A visit counted here is its entry event (`visit_event.visitTime`: the clock time it was
/// counted at; nil for every other event) while the event is kept, and a row of `visit_archive`
/// once `visits.keep_days` prunes the event: the trail is kept as long as before, and a tap writes
/// one row where it wrote two (the entry and a `visit` row repeating it: four pages of log).
/// The view `visit` reads both, as the table of that name did. An entry merged from another desk
/// is a visit of the trail too (`recordMerged`): the stats, `backup` and `members show` count what
/// the desk holds from every desk, as `visits`, `inside` and the report do.
extension AppDatabase {
    static func registerVisitsInEntries(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v15-tappages-visit-in-entry") { db in
            // Renaming and adding a column rewrite no row: an upgrade of 10M visits is instant.
            // The rows already in the table stay there (their entries, when kept, have no visitTime).
            try db.execute(sql: """
                ALTER TABLE visit RENAME TO visit_archive;
                ALTER TABLE visit_event ADD COLUMN visitTime REAL;
                CREATE VIEW visit(visitId, memberId, terminalId, time, source) AS
                    SELECT visitId, memberId, terminalId, time, source FROM visit_archive
                    UNION ALL
                    SELECT eventId, memberId, terminalId, visitTime, source FROM visit_event WHERE visitTime IS NOT NULL;
                """)
        }
    }

    /// Entries merged before they counted (`visitTime` nil) count now. Not this desk's own entries
    /// from before v15: their visits are `visit_archive`'s rows, under other ids, and the desks
    /// found in the archive are this desk's own ids (another desk's visits never went there).
    static func registerMergedEntriesCounted(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v19-figures-merged-entries-counted") { db in
            try db.execute(sql: """
                UPDATE visit_event SET visitTime = time
                WHERE kind = '\(VisitEvent.Kind.entry.rawValue)' AND visitTime IS NULL
                  AND terminalId NOT IN (SELECT DISTINCT terminalId FROM visit_archive)
                """)
        }
    }

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
    /// The visits counted here at or after `start` (and before `end`), as a subquery of
    /// (memberId, time, terminalId) for the stats, read through each table's time index: an entry's time is
    /// never before its visit's (`recordEntry`), so `time >= start` narrows the events first.
    static func visitsSQL(start: String, end: String? = nil) -> String {
        let before = end.map { " AND time < \($0)" } ?? ""
        let visitBefore = end.map { " AND visitTime < \($0)" } ?? ""
        return """
            SELECT memberId, time, terminalId FROM visit_archive WHERE time >= \(start)\(before)
            UNION ALL
            SELECT memberId, visitTime, terminalId FROM visit_event WHERE time >= \(start) AND visitTime >= \(start)\(visitBefore)
            """
    }

    /// An event merged from a sync file or an import: an entry is a visit of the trail (it was
    /// counted where it was made), unless the trail holds it already (this desk's own entry,
    /// pruned into `visit_archive`, read back); a new automatic exit brings its audit line, which
    /// derives from it (`AuditEntry.automaticExit`): the desk that closed the visit wrote the same.
    /// Returns whether it was new.
    func recordMerged(_ event: VisitEvent) throws -> Bool {
        guard event.kind == .entry else {
            guard try recordEvent(event) else { return false }
            if event.exitKind == .auto { try appendAudit(AuditEntry.automaticExit(event)) }
            return true
        }
        let archived = try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM visit_archive WHERE visitId = ?)"),
                                         arguments: [event.eventId]) ?? false
        return try recordEvent(event, visitTime: archived ? nil : event.time)
    }

    /// Events older than `before` go (`visits.keep_days`); the visits counted here among them
    /// move to `visit_archive` first, so the trail keeps them.
    func pruneVisitEvents(before: Double) throws -> Int {
        try db.execute(sql: """
            INSERT OR IGNORE INTO visit_archive(visitId, memberId, terminalId, time, source)
            SELECT eventId, memberId, terminalId, visitTime, source FROM visit_event WHERE time < ? AND visitTime IS NOT NULL
            """, arguments: [before])
        try db.execute(sql: "DELETE FROM visit_event WHERE time < ?", arguments: [before])
        return db.changesCount
    }

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
