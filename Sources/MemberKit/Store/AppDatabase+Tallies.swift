import GRDB

/// What a tally (see `TallyEntry`) writes besides counters and events: the member's last visit,
/// on its row, or kept aside until its record arrives.
extension StoreTransaction {
    /// Raises a known member's last visit to `time` (the latest wins, as in `MergeRules.merge`).
    /// Returns whether it rose.
    func raiseLastVisit(memberId: String, to time: Double) throws -> Bool {
        try db.cachedStatement(sql: "UPDATE member SET timeStampOfLastVisit = ?2 WHERE memberId = ?1 AND timeStampOfLastVisit < ?2")
            .execute(arguments: [memberId, time])
        return db.changesCount > 0
    }

    /// Keeps the last visit of a member this desk has no record of yet (the latest wins).
    func keepTallyLastVisit(memberId: String, _ time: Double) throws {
        try db.cachedStatement(sql: """
            INSERT INTO tally_last_visit(memberId, time) VALUES (?, ?)
            ON CONFLICT(memberId) DO UPDATE SET time = max(time, excluded.time)
            """).execute(arguments: [memberId, time])
    }

    /// The last visit kept for a member whose record arrives now, removed from where it waited.
    func takeTallyLastVisit(memberId: String) throws -> Double? {
        let time = try Double.fetchOne(db.cachedStatement(sql: "SELECT time FROM tally_last_visit WHERE memberId = ?"),
                                       arguments: [memberId])
        if time != nil {
            try db.cachedStatement(sql: "DELETE FROM tally_last_visit WHERE memberId = ?").execute(arguments: [memberId])
        }
        return time
    }
}
