import GRDB
@_spi(Decisions) import MemberCore

/// Erasing a deleted member's personal data (`members purge`). The member's rows are written by
/// `MemberPurge`'s decision; the audit record's details of an erased member are emptied by the
/// triggers below, wherever the erasure comes from (this desk, a sync file, an audit file read
/// late), so no copy of a value stays behind. `secure_delete` (every connection, `configuration`)
/// zeroes what the old values leave in the file's pages.
extension AppDatabase {
    /// Erases member `id` (a tombstone) and the members unified into it. Returns what the bus is to be told.
    func purgeMember(id: String, at time: Double, desk: TerminalIdentity, by actor: AuditActor,
                     ids: IdSource) throws -> [MemberChange.Event] {
        let events = try write { store in
            // The person is kept under the survivor of its card's group: erase the whole group.
            let survivorId = try store.alias(memberId: id)?.survivorId ?? id
            let stored = try store.member(memberId: survivorId)
            let unified = try store.membersUnified(into: survivorId)
            let change = try MemberPurge.decide(stored, memberId: survivorId, unified: unified, at: time, desk: desk, by: actor,
                                                ids: ids)
            for case .update(let member) in change.writes where member.memberId != survivorId {
                // The group is settled from the alias rows' real deletion times: a live enrolment is deleted now.
                try store.setAliasOwnDeletedAt(memberId: member.memberId, member.deletedAt)
            }
            return try store.write(change, terminalId: desk.id)
        }
        // The old pages' copies in the WAL go too (a reader still holding them keeps the file as it is).
        try checkpointTruncating()
        return events
    }

    /// An erased member's audit details are emptied, and stay so: when it is erased (here or by a
    /// merge), and when an entry of it arrives later from an older audit file. The record stays
    /// append-only for everything else: only `detail`, only to '{}', only of an erased member.
    static func registerAuditErasure(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v20-purge-audit-erasure") { db in
            // `MemberRecord.isPurged`, in SQL: a tombstone whose pass is an erased one.
            let prefix = MemberPurge.erasedPassPrefix
            let purged = { (row: String) in
                "\(row).deletedAt IS NOT NULL AND substr(\(row).passId, 1, \(prefix.utf8.count)) = '\(prefix)'"
            }
            let erased = { (row: String) in
                "EXISTS (SELECT 1 FROM member m WHERE m.memberId = \(row).memberId AND \(purged("m")))"
            }
            try db.execute(sql: """
                DROP TRIGGER audit_append_only_update;
                CREATE TRIGGER audit_append_only_update BEFORE UPDATE ON audit
                WHEN NOT (NEW.detail = '{}' AND NEW.id = OLD.id AND NEW.entryId = OLD.entryId AND NEW.time = OLD.time
                          AND NEW.deskId = OLD.deskId AND NEW.desk = OLD.desk AND NEW.operator IS OLD.operator
                          AND NEW.method = OLD.method AND NEW.action = OLD.action AND NEW.memberId IS OLD.memberId
                          AND \(erased("OLD"))) BEGIN
                    SELECT RAISE(ABORT, 'the audit record is append-only');
                END;
                CREATE TRIGGER audit_erased_insert AFTER INSERT ON audit
                WHEN NEW.memberId IS NOT NULL AND NEW.detail <> '{}' AND \(erased("NEW")) BEGIN
                    UPDATE audit SET detail = '{}' WHERE id = NEW.id;
                END;
                -- Once, when the member becomes erased: the record has no index by member, so this reads it all.
                CREATE TRIGGER member_erased_update AFTER UPDATE OF passId, deletedAt ON member
                WHEN \(purged("NEW")) AND NOT (\(purged("OLD"))) BEGIN
                    UPDATE audit SET detail = '{}' WHERE memberId = NEW.memberId AND detail <> '{}';
                END;
                CREATE TRIGGER member_erased_insert AFTER INSERT ON member
                WHEN \(purged("NEW")) BEGIN
                    UPDATE audit SET detail = '{}' WHERE memberId = NEW.memberId AND detail <> '{}';
                END;
                """)
        }
    }
}

extension StoreTransaction {
    /// The members unified into `survivorId`, each with its real deletion time (nil: live but for the unification).
    func membersUnified(into survivorId: String) throws -> [MemberRecord] {
        let statement = try db.cachedStatement(sql: """
            SELECT \(MemberColumns.list(of: "m")), a.ownDeletedAt FROM member m JOIN member_alias a ON a.memberId = m.memberId
            WHERE a.survivorId = ? ORDER BY m.memberId
            """)
        return try members(statement, arguments: [survivorId]) { member, row in
            var real = member
            real.deletedAt = row[MemberColumns.count]
            return real
        }
    }
}
