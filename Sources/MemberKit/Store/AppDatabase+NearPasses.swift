import GRDB

extension AppDatabase {
    /// Live members whose pass is `passId` but for leading zeros, which a spreadsheet drops from a
    /// pass of digits (`0012` comes back `12`, see `SheetRow.isNumberMangled`): a pass no member
    /// holds is most likely theirs, so the advice for it is to give them the card, not to add a
    /// second member. A scan of every member: only an unknown pass asks.
    public func nearPassHolders(_ passId: String, limit: Int = 3) throws -> [MemberRecord] {
        try read { store in
            try store.members(store.db.makeStatement(sql: """
                SELECT \(MemberColumns.list) FROM member
                WHERE deletedAt IS NULL AND ltrim(?, '0') <> '' AND ltrim(passId, '0') = ltrim(?, '0') COLLATE NOCASE
                  AND passId <> ? COLLATE NOCASE
                ORDER BY memberId LIMIT ?
                """), arguments: [passId, passId, passId, limit])
        }
    }
}
