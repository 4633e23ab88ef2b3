import GRDB

extension AppDatabase {
    /// v19: passes stored as a file wrote them (`04:a2:3c:99` from a spreadsheet) become what a
    /// tap reads (`04A23C99`), and members that then share a card are unified by the merge's rule
    /// (`PassGroup`), as if the file had been imported today. No stamp moves: every desk does
    /// the same, so desks still agree.
    static func registerNormalisedPasses(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v19-normalised-passes") { db in
            try StoreTransaction(db: db).normaliseStoredPasses()
        }
    }
}

extension StoreTransaction {
    func normaliseStoredPasses() throws {
        let rows = try Row.fetchAll(db, sql: "SELECT memberId, passId FROM member ORDER BY memberId")
        for row in rows {
            let memberId: String = row["memberId"], passId: String = row["passId"]
            let normalised = PassEntry.stored(passId)
            guard normalised != passId, let stored = try member(memberId: memberId) else { continue }
            let alias = try alias(memberId: memberId)
            var record = stored
            record.passId = normalised
            if let alias { record.deletedAt = alias.ownDeletedAt }
            let entry = PassGroup.Entry(record: record, alias: alias?.survivorId, exists: true, stored: stored)
            _ = try PassGroup.settle(self, passId: normalised, pending: entry)
            if !PassIdNormalizer.samePass(passId, normalised) { _ = try PassGroup.settle(self, passId: passId, pending: nil) }
        }
    }
}
