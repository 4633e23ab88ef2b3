import Foundation
import GRDB

/// The member table: finding, listing, adding and saving members.
extension AppDatabase {
    public func member(id: String) throws -> MemberRecord? {
        try read { store in try store.member(memberId: id) }
    }

    /// A live member by memberId, or else by pass id as stored, in any letter case
    /// (`Club.member(idOrPass:)` also reads it as a scan would be).
    public func member(idOrPass: String) throws -> MemberRecord? {
        try read { store in
            if let member = try store.member(memberId: idOrPass), !member.isDeleted { return member }
            return try store.liveMember(passIdAnyCase: idOrPass)
        }
    }

    /// Adds a member in its own transaction; a pass already held by a live member is a conflict.
    /// A test hook behind `@_spi(Testing)`: it skips the rules (`Club.addMember` keeps them); tests
    /// use it to store what the rules refuse.
    @_spi(Testing) public func insertMember(_ member: MemberRecord) throws {
        try write { store in try store.insertMember(member) }
    }

    public func memberCount() throws -> Int {
        try read { store in try Int.fetchOne(store.db, sql: "SELECT COUNT(*) FROM member WHERE deletedAt IS NULL") ?? 0 }
    }

    /// Live members matching `text` (case-insensitive, over name, pass and email) and, if given,
    /// `status`, in `sort` order.
    public func members(matching text: String? = nil, status: EffectiveStatusFilter? = nil, sort: MemberSort = .name,
                        limit: Int = 100, offset: Int = 0) throws -> [MemberRecord] {
        try read { store in try store.members(matching: text, status: status, sort: sort, limit: limit, offset: offset) }
    }

    /// How many live members match, for the list's scroll position.
    public func memberCount(matching text: String?, status: EffectiveStatusFilter? = nil) throws -> Int {
        try read { store in try store.memberCount(matching: text, status: status) }
    }
}

extension StoreTransaction {
    /// The member with this memberId, tombstone or not.
    func member(memberId: String) throws -> MemberRecord? {
        try member(db.cachedStatement(sql: "SELECT \(MemberColumns.list) FROM member WHERE memberId = ?"), arguments: [memberId])
    }

    /// The live member holding exactly this pass (the unique index guarantees at most one).
    func liveMember(passId: String) throws -> MemberRecord? {
        try member(db.cachedStatement(sql: "SELECT \(MemberColumns.list) FROM member WHERE passId = ? AND deletedAt IS NULL"),
                   arguments: [passId])
    }

    /// The live members whose pass is this one in any letter case, at most `limit`.
    func liveMembers(passIdIgnoringCase passId: String, limit: Int) throws -> [MemberRecord] {
        try members(db.cachedStatement(sql: """
            SELECT \(MemberColumns.list) FROM member WHERE passId = ? COLLATE NOCASE AND deletedAt IS NULL LIMIT ?
            """), arguments: [passId, limit])
    }

    /// "pass 04A23B1C already belongs to Ana López": staff know members by name, not by id.
    static func passTaken(_ passId: String, by holder: MemberRecord) -> String {
        CardOwnership.passTaken(passId, by: holder)
    }

    /// Adds a new member; a pass already held by a live member, or a memberId already used, is a conflict.
    func insertMember(_ member: MemberRecord) throws {
        if let holder = try liveMember(passIdAnyCase: member.passId) {  // `cardx` is CARDX's pass
            throw DeskError.conflict(Self.passTaken(member.passId, by: holder))
        }
        if try self.member(memberId: member.memberId) != nil {
            throw DeskError.conflict("member \(member.memberId) already exists")
        }
        try insert(member)
    }

    /// Saves every column of an existing member; a pass held by another live member is a conflict.
    func updateMember(_ member: MemberRecord) throws {
        if let holder = try liveMember(passIdAnyCase: member.passId), holder.memberId != member.memberId {
            throw DeskError.conflict(Self.passTaken(member.passId, by: holder))
        }
        try update(member)
        guard db.changesCount == 1 else { throw DeskError.notFound("no member \(member.memberId)") }
    }

    /// Writes a row as it is, unchecked: an import's pass group keeps the unique index itself.
    func insert(_ member: MemberRecord) throws {
        try db.cachedStatement(sql: """
            INSERT INTO member (\(MemberColumns.written), nameKey)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, \(MemberColumns.nameKey))
            """).execute(arguments: MemberColumns.arguments(member))
    }

    /// Saves every column of the member with this memberId, unchecked.
    func update(_ member: MemberRecord) throws {
        try db.cachedStatement(sql: """
            UPDATE member SET passId = ?2, username = ?3, timeStampAdded = ?4, numVisits = ?5,
                timeStampOfLastVisit = ?6, fields = ?7, status = ?8, expiresAt = ?9, note = ?10,
                modifiedAt = ?11, modifiedBy = ?12, deletedAt = ?13, passSince = ?14,
                plan = ?15, household = ?16, birthday = ?17, stamps = ?18, details = ?19, searchTokens = ?20, nameKey = \(MemberColumns.nameKey)
            WHERE memberId = ?1
            """).execute(arguments: MemberColumns.arguments(member))
    }

    /// Stores a member's visit total (written only when it changed).
    func setVisitTotal(_ memberId: String, _ total: Int) throws {
        try db.cachedStatement(sql: "UPDATE member SET numVisits = ? WHERE memberId = ? AND numVisits != ?")
            .execute(arguments: [total, memberId, total])
    }

    func members(matching text: String?, status: EffectiveStatusFilter? = nil, sort: MemberSort, limit: Int,
                 offset: Int) throws -> [MemberRecord] {
        let (source, filter, arguments) = try MemberSearch(text).plan(db)
        let (statusSQL, statusArguments) = status?.condition ?? ("", [])
        let sql = "SELECT \(MemberColumns.list(of: "member")) FROM \(source) WHERE deletedAt IS NULL\(filter)\(statusSQL) ORDER BY \(sort.orderBy) LIMIT ? OFFSET ?"
        return try members(db.makeStatement(sql: sql), arguments: arguments + statusArguments + [limit, offset])
    }

    func memberCount(matching text: String?, status: EffectiveStatusFilter? = nil) throws -> Int {
        let (source, filter, arguments) = try MemberSearch(text).plan(db)
        let (statusSQL, statusArguments) = status?.condition ?? ("", [])
        return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(source) WHERE deletedAt IS NULL\(filter)\(statusSQL)",
                                arguments: arguments + statusArguments) ?? 0
    }
}
