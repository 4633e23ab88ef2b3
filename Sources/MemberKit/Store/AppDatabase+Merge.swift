import GRDB

/// What an import and the pass-group rules read and write besides members and counters: the
/// `member_alias` table, where a member unified into another keeps its survivor and its real
/// deletion time.
extension StoreTransaction {
    /// The member this one is unified into, and its real deletion time.
    func alias(memberId: String) throws -> (survivorId: String, ownDeletedAt: Double?)? {
        let statement = try db.cachedStatement(sql: "SELECT survivorId, ownDeletedAt FROM member_alias WHERE memberId = ?")
        return try Row.fetchOne(statement, arguments: [memberId]).map { ($0[0], $0[1]) }
    }

    /// Every member, live or not, holding this pass in any letter case, with its alias if it has one.
    func passHolders(passId: String) throws -> [(member: MemberRecord, alias: (survivorId: String, ownDeletedAt: Double?)?)] {
        let statement = try db.cachedStatement(sql: """
            SELECT \(MemberColumns.list(of: "m")), a.survivorId, a.ownDeletedAt, a.memberId IS NOT NULL
            FROM member m LEFT JOIN member_alias a ON a.memberId = m.memberId
            WHERE m.passId = ? COLLATE NOCASE
            """)
        let column = MemberColumns.count
        return try members(statement, arguments: [passId]) { member, row in
            let aliased: Bool = row[column + 2]
            return (member, aliased ? (row[column], row[column + 1]) : nil)
        }
    }

    /// Points a member at the survivor it is unified into.
    func setAlias(memberId: String, survivorId: String, ownDeletedAt: Double?) throws {
        try db.cachedStatement(sql: "INSERT OR REPLACE INTO member_alias(memberId, survivorId, ownDeletedAt) VALUES (?, ?, ?)")
            .execute(arguments: [memberId, survivorId, ownDeletedAt])
    }

    func removeAlias(memberId: String) throws {
        try db.cachedStatement(sql: "DELETE FROM member_alias WHERE memberId = ?").execute(arguments: [memberId])
    }

    /// Keeps a unified member's real deletion time in its alias row (written only when it changed).
    func setAliasOwnDeletedAt(memberId: String, _ ownDeletedAt: Double?) throws {
        try db.cachedStatement(sql: "UPDATE member_alias SET ownDeletedAt = ? WHERE memberId = ? AND ownDeletedAt IS NOT ?")
            .execute(arguments: [ownDeletedAt, memberId, ownDeletedAt])
    }
}
