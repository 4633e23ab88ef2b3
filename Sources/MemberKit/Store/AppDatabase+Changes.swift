import Foundation
import GRDB

extension AppDatabase {
    /// The number of the latest change made here (0: none yet). Triggers keep `member_change`;
    /// this reads one end of its index.
    public func latestChange() throws -> Int64 {
        try read { store in try store.latestChange() }
    }

    /// How many members changed here after change `after` (up to `through`, when given), through
    /// the `seq` index: O(changes), not O(members). A changes file holds exactly these
    /// (`ExchangeSelection.changed`).
    func pendingChanges(after: Int64, through: Int64 = .max) throws -> Int {
        try read { store in
            try Int.fetchOne(store.db.cachedStatement(sql: "SELECT count(*) FROM member_change WHERE seq > ? AND seq <= ?"),
                             arguments: [after, through]) ?? 0
        }
    }
}

extension StoreTransaction {
    func latestChange() throws -> Int64 {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT coalesce(max(seq), 0) FROM member_change")) ?? 0
    }
}
