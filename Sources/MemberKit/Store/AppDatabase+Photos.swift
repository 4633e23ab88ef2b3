import GRDB

extension AppDatabase {
    /// The few members with a photo, found without reading the rest: every sync pass asks
    /// (`PhotoFiles`), and a scan of a million members' `details` would cost more than the pass.
    static func registerMemberPhotos(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v23-member-photos") { db in
            try db.execute(sql: """
                CREATE INDEX member_photo ON member(json_extract(details, '$.photo'))
                WHERE details IS NOT NULL AND json_extract(details, '$.photo') IS NOT NULL
                """)
        }
    }

    /// The photos live members point at (the `photo` of their `details`): what this desk keeps,
    /// writes to the sync folder and fetches from the other desks.
    public func memberPhotos() throws -> Set<String> {
        try read { store in
            let hashes = try String.fetchAll(store.db, sql: """
                SELECT DISTINCT json_extract(details, '$.photo') FROM member INDEXED BY member_photo
                WHERE details IS NOT NULL AND json_extract(details, '$.photo') IS NOT NULL AND deletedAt IS NULL
                """)
            return Set(hashes.filter(MemberFieldRules.isPhotoHash))
        }
    }
}
