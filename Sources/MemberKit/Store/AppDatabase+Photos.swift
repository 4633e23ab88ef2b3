import GRDB

extension AppDatabase {
    /// The photos live members point at (the `photo` of their `details`): what this desk keeps,
    /// writes to the sync folder and fetches from the other desks.
    public func memberPhotos() throws -> Set<String> {
        try read { store in
            let hashes = try String.fetchAll(store.db, sql: """
                SELECT DISTINCT json_extract(details, '$.photo') FROM member
                WHERE deletedAt IS NULL AND details LIKE '%"photo"%' AND json_extract(details, '$.photo') IS NOT NULL
                """)
            return Set(hashes.filter(MemberFieldRules.isPhotoHash))
        }
    }
}
