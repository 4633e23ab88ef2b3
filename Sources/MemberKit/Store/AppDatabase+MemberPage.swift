import Foundation
import GRDB

/// The member list's pages, by keyset.
extension AppDatabase {
    /// One page of live members by keyset ("seek") pagination: rows strictly after (or before) `cursor`
    /// in `sort` order. Unlike a large OFFSET, the cost does not grow with the distance from the top,
    /// so a list of 1,000,000 members scrolls at the same speed everywhere.
    ///
    /// `offset` (forward, without a cursor) starts at an absolute position: for a one-off reload
    /// after the data changed, not for scrolling.
    /// `expiring`: only members whose own expiry falls in the range (the desk's "expiring within 14 days").
    public func memberPage(matching text: String? = nil, sort: MemberSort = .name, cursor: MemberRow? = nil,
                           direction: PageDirection = .forward, offset: Int = 0, limit: Int = 100,
                           expiring: ClosedRange<Double>? = nil) throws -> [MemberRow] {
        try read { store in
            try store.memberPage(matching: text, sort: sort, cursor: cursor, direction: direction, offset: offset,
                                 limit: limit, sparseSearch: MemberSearch.sparseLimit, expiring: expiring)
        }
    }

    /// How many live members match `text` and expire in `expiring`.
    public func memberCount(matching text: String?, expiring: ClosedRange<Double>) throws -> Int {
        try read { store in
            let (source, filter, arguments) = try MemberSearch(text).plan(store.db)
            return try Int.fetchOne(store.db, sql: """
                SELECT COUNT(*) FROM \(source) WHERE deletedAt IS NULL\(filter)\(StoreTransaction.expiringCondition)
                """, arguments: arguments + [expiring.lowerBound, expiring.upperBound]) ?? 0
        }
    }

    /// `sparseSearch`: see `MemberSearch.sparseLimit` (tests force either plan with it).
    func memberPage(matching text: String?, sort: MemberSort, cursor: MemberRow?, direction: PageDirection,
                    offset: Int = 0, limit: Int, sparseSearch: Int) throws -> [MemberRow] {
        try read { store in
            try store.memberPage(matching: text, sort: sort, cursor: cursor, direction: direction, offset: offset,
                                 limit: limit, sparseSearch: sparseSearch)
        }
    }
}

extension StoreTransaction {
    static let expiringCondition = " AND member.expiresAt >= ? AND member.expiresAt <= ?"

    /// A listed member's pack balance, as `planStanding` has it: its own pack's, or its live
    /// household head's when that is a pack (NULL otherwise). One page's rows read it each.
    static let visitsLeftColumn = """
        CASE member.plan
            WHEN 'pack' THEN coalesce((SELECT b.balance FROM pack_balance b WHERE b.memberId = member.memberId), 0)
            WHEN 'household' THEN (SELECT CASE WHEN h.plan = 'pack' THEN coalesce((SELECT b.balance FROM pack_balance b WHERE b.memberId = h.memberId), 0) END
                                   FROM member h WHERE h.memberId = member.household AND h.memberId <> member.memberId AND h.deletedAt IS NULL)
        END
        """

    func memberPage(matching text: String?, sort: MemberSort, cursor: MemberRow?, direction: PageDirection,
                    offset: Int, limit: Int, sparseSearch: Int, expiring: ClosedRange<Double>? = nil) throws -> [MemberRow] {
        guard limit > 0 else { return [] }
        var (source, filter, searchArguments) = try MemberSearch(text).plan(db, sparseLimit: sparseSearch)
        if let expiring {
            filter += Self.expiringCondition
            searchArguments += [expiring.lowerBound, expiring.upperBound]
        }
        let columns = "\(MemberColumns.list(of: "member")), member.id, \(Self.visitsLeftColumn), member.nameKey"
        func page(_ statement: Statement, _ arguments: StatementArguments) throws -> [MemberRow] {
            try members(statement, arguments: arguments) { member, row in
                MemberRow(rowId: row[MemberColumns.count], member: member, visitsLeft: row[MemberColumns.count + 1],
                          nameKey: row[MemberColumns.count + 2])
            }
        }
        if offset > 0, cursor == nil, direction == .forward {
            let sql = "SELECT \(columns) FROM \(source) WHERE deletedAt IS NULL\(filter) ORDER BY \(sort.orderBy) LIMIT ? OFFSET ?"
            return try page(db.makeStatement(sql: sql), searchArguments + [limit, offset])
        }
        let backward = direction == .backward
        var rows: [MemberRow] = []
        // Name order puts NULL names first; a row-value seek cannot step over NULLs, so that
        // stretch is read as its own segment.
        for segment in sort.seekSegments(after: cursor, backward: backward) {
            let need = limit - rows.count
            guard need > 0 else { break }
            let sql = "SELECT \(columns) FROM \(source) WHERE deletedAt IS NULL\(filter)\(segment.condition)"
                + " ORDER BY \(backward ? sort.reversedOrderBy : sort.orderBy) LIMIT ?"
            rows += try page(db.makeStatement(sql: sql), searchArguments + segment.arguments + [need])
        }
        return backward ? rows.reversed() : rows
    }
}
