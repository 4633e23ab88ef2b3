import Foundation
import GRDB

/// A member with its row id: the tie-breaker that keyset pagination needs.
public struct MemberRow: Sendable, Hashable {
    public var rowId: Int64
    public var member: MemberRecord

    public init(rowId: Int64, member: MemberRecord) {
        self.rowId = rowId
        self.member = member
    }
}

/// Which way a keyset page runs from its cursor, in the listing's own order.
public enum PageDirection: Sendable {
    /// Rows after the cursor (or from the first row when there is none).
    case forward
    /// Rows before the cursor (or the last rows when there is none), returned in listing order.
    case backward
}

extension AppDatabase {
    /// One page of live members by keyset ("seek") pagination: rows strictly after (or before) `cursor`
    /// in `sort` order. Unlike a large OFFSET, the cost does not grow with the distance from the top,
    /// so a list of 1,000,000 members scrolls at the same speed everywhere.
    ///
    /// `offset` (forward, without a cursor) starts at an absolute position: for a one-off reload
    /// after the data changed, not for scrolling.
    public func memberPage(matching text: String? = nil, sort: MemberSort = .name, cursor: MemberRow? = nil,
                           direction: PageDirection = .forward, offset: Int = 0, limit: Int = 100) throws -> [MemberRow] {
        try read { db in
            try Self.memberPage(db, matching: text, sort: sort, cursor: cursor, direction: direction, offset: offset,
                                limit: limit)
        }
    }

    public static func memberPage(_ db: Database, matching text: String?, sort: MemberSort, cursor: MemberRow?,
                                  direction: PageDirection, offset: Int = 0, limit: Int) throws -> [MemberRow] {
        try memberPage(db, matching: text, sort: sort, cursor: cursor, direction: direction, offset: offset, limit: limit,
                       sparseSearch: MemberSearch.sparseLimit)
    }

    static func memberPage(_ db: Database, matching text: String?, sort: MemberSort, cursor: MemberRow?,
                           direction: PageDirection, offset: Int = 0, limit: Int, sparseSearch: Int) throws -> [MemberRow] {
        guard limit > 0 else { return [] }
        let (source, filter, searchArguments) = try MemberSearch(text).plan(db, sparseLimit: sparseSearch)
        if offset > 0, cursor == nil, direction == .forward {
            let sql = "SELECT member.id AS rowIdForPage, member.* FROM \(source) WHERE deletedAt IS NULL\(filter) ORDER BY \(sort.orderBy) LIMIT ? OFFSET ?"
            return try Row.fetchAll(db, sql: sql, arguments: searchArguments + [limit, offset]).map {
                MemberRow(rowId: $0["rowIdForPage"], member: try MemberRecord(row: $0))
            }
        }
        let backward = direction == .backward
        var rows: [MemberRow] = []
        // Name order puts NULL names first; a row-value seek cannot step over NULLs, so that
        // stretch is read as its own segment.
        for segment in sort.seekSegments(after: cursor, backward: backward) {
            let need = limit - rows.count
            guard need > 0 else { break }
            let sql = "SELECT member.id AS rowIdForPage, member.* FROM \(source) WHERE deletedAt IS NULL\(filter)\(segment.condition)"
                + " ORDER BY \(backward ? sort.reversedOrderBy : sort.orderBy) LIMIT ?"
            let arguments = searchArguments + segment.arguments + [need]
            for row in try Row.fetchAll(db, sql: sql, arguments: arguments) {
                rows.append(MemberRow(rowId: row["rowIdForPage"], member: try MemberRecord(row: row)))
            }
        }
        return backward ? rows.reversed() : rows
    }

    /// The row ids of live members, for callers that hold a `MemberRecord` and need its cursor.
    public func memberRow(memberId: String) throws -> MemberRow? {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT id AS rowIdForPage, * FROM member WHERE memberId = ?",
                                             arguments: [memberId]) else { return nil }
            return MemberRow(rowId: row["rowIdForPage"], member: try MemberRecord(row: row))
        }
    }

    /// How many live members match, for the list's scroll position.
    public func memberCount(matching text: String?) throws -> Int {
        try read { db in try Self.memberCount(db, matching: text) }
    }
}

struct SeekSegment {
    var condition: String
    var arguments: StatementArguments
}

extension MemberSort {
    var reversedOrderBy: String {
        switch self {
        case .name: return "username COLLATE NOCASE DESC, id DESC"
        case .lastVisit: return "timeStampOfLastVisit, id"
        case .visits: return "numVisits, id"
        case .added: return "timeStampAdded DESC, id DESC"
        }
    }

    /// The WHERE clauses that select rows beyond `cursor`, in reading order.
    func seekSegments(after cursor: MemberRow?, backward: Bool) -> [SeekSegment] {
        guard let cursor else {
            if self == .name {
                // NULL names sort first: read them first forward, last backward.
                let nulls = SeekSegment(condition: " AND username IS NULL", arguments: [])
                let named = SeekSegment(condition: " AND username IS NOT NULL", arguments: [])
                return backward ? [named, nulls] : [nulls, named]
            }
            return [SeekSegment(condition: "", arguments: [])]
        }
        let m = cursor.member, id = cursor.rowId
        // "Ascending" is the direction in which the row value grows.
        func seek(_ column: String, _ value: DatabaseValueConvertible, ascending: Bool) -> SeekSegment {
            SeekSegment(condition: " AND (\(column), id) \(ascending ? ">" : "<") (?, ?)", arguments: [value, id])
        }
        switch self {
        case .name:
            let grows = !backward
            if let name = m.username {
                let past = seek("username COLLATE NOCASE", name, ascending: grows)
                guard backward else { return [past] }
                return [SeekSegment(condition: " AND username IS NOT NULL" + past.condition, arguments: past.arguments),
                        SeekSegment(condition: " AND username IS NULL", arguments: [])]
            }
            let nulls = SeekSegment(condition: " AND username IS NULL AND id \(grows ? ">" : "<") ?", arguments: [id])
            return backward ? [nulls] : [nulls, SeekSegment(condition: " AND username IS NOT NULL", arguments: [])]
        case .lastVisit: return [seek("timeStampOfLastVisit", m.timeStampOfLastVisit, ascending: backward)]
        case .visits: return [seek("numVisits", m.numVisits, ascending: backward)]
        case .added: return [seek("timeStampAdded", m.timeStampAdded, ascending: !backward)]
        }
    }
}
