import Foundation
import GRDB

/// How a member listing is ordered.
public enum MemberSort: String, Sendable, CaseIterable {
    case name, lastVisit, visits, added
}

extension AppDatabase {
    public func member(id: String) throws -> MemberRecord? {
        try read { db in try Self.member(db, memberId: id) }
    }

    /// A live member by memberId, or else by pass id (normalized as a scan would be).
    public func member(idOrPass: String) throws -> MemberRecord? {
        try read { db in
            if let member = try Self.member(db, memberId: idOrPass), !member.isDeleted { return member }
            if let member = try Self.member(db, passId: idOrPass) { return member }
            if let normalized = try? PassIdNormalizer.normalize(idOrPass) {
                return try Self.member(db, passId: normalized.passId)
            }
            return nil
        }
    }

    public static func member(_ db: Database, memberId: String) throws -> MemberRecord? {
        try MemberRecord.fetchOne(db.cachedStatement(sql: "SELECT * FROM member WHERE memberId = ?"), arguments: [memberId])
    }

    /// The live member holding exactly this pass (the unique index guarantees at most one).
    public static func member(_ db: Database, passId: String) throws -> MemberRecord? {
        try MemberRecord.fetchOne(db.cachedStatement(sql: "SELECT * FROM member WHERE passId = ? AND deletedAt IS NULL"),
                                  arguments: [passId])
    }

    /// Adds a member; a pass already held by a live member is a conflict.
    public static func insertMember(_ db: Database, _ member: MemberRecord) throws {
        if let holder = try Self.member(db, passId: member.passId) {
            throw DeskError.conflict("pass \(member.passId) already belongs to member \(holder.memberId)")
        }
        if try Self.member(db, memberId: member.memberId) != nil {
            throw DeskError.conflict("member \(member.memberId) already exists")
        }
        try member.insert(db)
    }

    public static func updateMember(_ db: Database, _ member: MemberRecord) throws {
        if let holder = try Self.member(db, passId: member.passId), holder.memberId != member.memberId {
            throw DeskError.conflict("pass \(member.passId) already belongs to member \(holder.memberId)")
        }
        try member.updateByMemberId(db)
    }

    public func memberCount() throws -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM member WHERE deletedAt IS NULL") ?? 0 }
    }

    /// Live members matching `text` (case-insensitive, over name, pass and email), in `sort` order.
    public func members(matching text: String? = nil, sort: MemberSort = .name, limit: Int = 100,
                        offset: Int = 0) throws -> [MemberRecord] {
        try read { db in try Self.members(db, matching: text, sort: sort, limit: limit, offset: offset) }
    }

    public static func members(_ db: Database, matching text: String?, sort: MemberSort, limit: Int,
                               offset: Int) throws -> [MemberRecord] {
        let (source, filter, arguments) = try MemberSearch(text).plan(db)
        let sql = "SELECT member.* FROM \(source) WHERE deletedAt IS NULL\(filter) ORDER BY \(sort.orderBy) LIMIT ? OFFSET ?"
        return try MemberRecord.fetchAll(db, sql: sql, arguments: arguments + [limit, offset])
    }

    public static func memberCount(_ db: Database, matching text: String?) throws -> Int {
        let (source, filter, arguments) = try MemberSearch(text).plan(db)
        return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(source) WHERE deletedAt IS NULL\(filter)",
                                arguments: arguments) ?? 0
    }
}

extension MemberSort {
    var orderBy: String {
        switch self {
        // Each order ends on `id` so that its index (which carries the rowid) serves it whole.
        case .name: return "username COLLATE NOCASE, id"
        case .lastVisit: return "timeStampOfLastVisit DESC, id DESC"
        case .visits: return "numVisits DESC, id DESC"
        case .added: return "timeStampAdded, id"
        }
    }
}
