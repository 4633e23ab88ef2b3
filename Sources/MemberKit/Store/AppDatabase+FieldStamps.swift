import GRDB

extension AppDatabase {
    /// Each field of a member gets its own stamp (`FieldStamps`, as `FieldStampsJSON` writes
    /// them), so that edits of different fields on different desks both survive a merge. NULL:
    /// every field carries the member's own stamp, as every member did before.
    static func registerMemberFieldStamps(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v19-member-field-stamps") { db in
            try db.execute(sql: "ALTER TABLE member ADD COLUMN stamps TEXT")
        }
    }
}
