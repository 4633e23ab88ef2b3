import GRDB

/// Events this desk recorded for a member it had no record of yet. A desk learns of another
/// desk's visit from a tally (the visit's entry, without the member's fields), so closing time
/// can close that visit here before the member's record arrives. Files list members by their
/// rows, so such an exit went out in no file: its change was numbered, but no member row was
/// there to carry it, and when the record came the merge's change was muted, as a merge's are.
/// The other desks never held the exit, and the record differed from desk to desk.
extension AppDatabase {
    static func registerEventsBeforeTheirRecord(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v21-events-before-their-record") { db in
            // When a merge brings the record of a member with events recorded here (a `seq`), the
            // member and those events are this desk's change again, so its next file carries them
            // (as a tally where another desk authors the member). Only then: a merge's own changes stay muted.
            try db.execute(sql: """
                CREATE TRIGGER member_change_record_arrives AFTER INSERT ON member
                WHEN EXISTS (SELECT 1 FROM member_change_muted)
                 AND EXISTS (SELECT 1 FROM visit_event WHERE memberId = NEW.memberId AND seq IS NOT NULL) BEGIN
                    UPDATE member_change SET seq = (SELECT max(seq) + 1 FROM member_change) WHERE memberId = NEW.memberId;
                    INSERT INTO member_change(memberId, seq)
                    SELECT NEW.memberId, (SELECT coalesce(max(seq), 0) + 1 FROM member_change)
                    WHERE NOT EXISTS (SELECT 1 FROM member_change WHERE memberId = NEW.memberId);
                    UPDATE visit_event SET seq = (SELECT seq FROM member_change WHERE memberId = NEW.memberId)
                    WHERE memberId = NEW.memberId AND seq IS NOT NULL;
                END;
                """)
        }
    }
}
