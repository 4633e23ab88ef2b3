import GRDB

extension AppDatabase {
    /// An index on the pass without its leading zeros: a tap of a pass no member holds asks for
    /// near holders inside its transaction, which must not scan every member.
    static func registerPassDigitsIndex(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v19-pass-digits-index") { db in
            try db.execute(sql: """
                CREATE INDEX member_pass_digits ON member(ltrim(passId, '0') COLLATE NOCASE) WHERE deletedAt IS NULL
                """)
        }
    }
}

extension StoreTransaction {
    /// Live members whose pass is `passId` but for leading zeros, which a spreadsheet drops from a
    /// pass of digits (`0012` comes back `12`, see `SheetRow.isNumberMangled`): a pass no member
    /// holds is most likely theirs, so it is given to them rather than enrolled as a second
    /// member. Read through `member_pass_digits`.
    func nearPassHolders(_ passId: String, limit: Int = 3) throws -> [MemberRecord] {
        try members(db.makeStatement(sql: """
            SELECT \(MemberColumns.list) FROM member
            WHERE deletedAt IS NULL AND ltrim(passId, '0') COLLATE NOCASE = ltrim(?, '0') AND ltrim(?, '0') <> ''
              AND passId <> ? COLLATE NOCASE
            ORDER BY memberId LIMIT ?
            """), arguments: [passId, passId, passId, limit])
    }
}
