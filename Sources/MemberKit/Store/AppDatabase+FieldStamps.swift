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

    /// The alert, holds, waiver, guardian, photo and plan sold (`MemberDetailsJSON`): member
    /// fields like the rest, each merged on its own stamp, kept as one JSON text (NULL for none,
    /// as most members are) since nothing searches or sorts by them.
    static func registerMemberDetails(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v22-member-details") { db in
            try db.execute(sql: "ALTER TABLE member ADD COLUMN details TEXT")
        }
    }
}
