import Foundation
import GRDB

extension AppDatabase {
    /// The number of the latest change made here (0: none yet). Triggers keep `member_change`;
    /// this reads one end of its index.
    public func latestChange() throws -> Int64 {
        try read { store in try store.latestChange() }
    }

    /// How many members changed here after change `after`.
    public func pendingChanges(after: Int64) throws -> Int {
        try read { store in
            try Int.fetchOne(store.db.cachedStatement(sql: "SELECT count(*) FROM member_change WHERE seq > ?"),
                             arguments: [after]) ?? 0
        }
    }

    /// The members changed after `after`, as they are now, in one read: O(changes), not O(members).
    /// Nil when more than `limit` changed (a snapshot is then the cheaper file).
    public func changes(after: Int64, limit: Int) throws -> MemberChangeBatch? {
        try read { store in
            let through = try store.latestChange()
            let ids = try String.fetchAll(store.db.cachedStatement(sql: """
                SELECT memberId FROM member_change WHERE seq > ? AND seq <= ? ORDER BY seq LIMIT ?
                """), arguments: [after, through, limit + 1])
            guard ids.count <= limit else { return nil }
            var members: [ExchangeMember] = []
            members.reserveCapacity(ids.count)
            for id in ids {
                guard var record = try store.member(memberId: id) else { continue }
                let stored = record.numVisits
                let alias = try store.alias(memberId: id)
                // As the exporter writes it: a unified member carries its own deletion time.
                if let alias { record.deletedAt = alias.ownDeletedAt }
                // Only the entries and exits recorded here in this range: the older ones went out before.
                var member = ExchangeMember(record: record, counters: try store.visitCounters(memberId: id),
                                            unifiedInto: alias?.survivorId,
                                            events: try store.visitEvents(memberId: id, after: after, through: through))
                member.record.numVisits = stored
                members.append(member)
            }
            return MemberChangeBatch(after: after, through: through, members: members)
        }
    }
}

extension StoreTransaction {
    func latestChange() throws -> Int64 {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT coalesce(max(seq), 0) FROM member_change")) ?? 0
    }
}
