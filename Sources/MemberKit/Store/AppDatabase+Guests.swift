import GRDB
@_spi(Decisions) import MemberCore

/// Guests: an entry's `guests` came in with its member, a `guestsLeft` event's left without it.
/// `member_presence.guests` holds each member's guests inside now (its latest entry's, less those
/// who left since; 0 outside), and `inside_count` counts every guest as one more person inside, so
/// capacity, the banner and "Inside now" see them without reading an event.
extension AppDatabase {
    static func registerGuests(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v24-guests") { db in
            try db.execute(sql: """
                ALTER TABLE visit_event ADD COLUMN guests INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE member_presence ADD COLUMN guests INTEGER NOT NULL DEFAULT 0;
                -- Dropped by v27, which lets the member's index cover these reads.
                CREATE INDEX visit_event_guests ON visit_event(memberId, kind, time, guests) WHERE guests > 0;
                DROP TRIGGER inside_count_insert;
                DROP TRIGGER inside_count_update;
                DROP TRIGGER inside_count_delete;
                CREATE TRIGGER inside_count_insert AFTER INSERT ON member_presence WHEN NEW.inside = 1 BEGIN
                    UPDATE inside_count SET count = count + 1 + NEW.guests;
                END;
                CREATE TRIGGER inside_count_update AFTER UPDATE OF inside, guests ON member_presence
                WHEN OLD.inside != NEW.inside OR OLD.guests != NEW.guests BEGIN
                    UPDATE inside_count SET count = count + (NEW.inside = 1) * (1 + NEW.guests) - (OLD.inside = 1) * (1 + OLD.guests);
                END;
                CREATE TRIGGER inside_count_delete AFTER DELETE ON member_presence WHEN OLD.inside = 1 BEGIN
                    UPDATE inside_count SET count = count - 1 - OLD.guests;
                END;
                DROP TRIGGER report_day_event_insert;
                DROP TRIGGER report_day_event_delete;
                DROP TRIGGER report_day_event_update;
                """)
            // Their "member's event before" passes over guests leaving, which end no visit.
            try db.execute(sql: reportDayTriggers)
        }
    }

    /// v24's partial index cost a tap with guests one more b-tree page of log (`memberdesk-bench
    /// checkin-pages 300 1`: 19.9 pages beside 18.6 without a guest), a twentieth of the tap. The
    /// member's index carries the kind and the guests instead, so the allowance and the recount
    /// read the member's month in that one index and a tap writes nothing more for its guests.
    static func registerGuestsInMemberIndex(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v27-guests-in-member-index") { db in
            try db.execute(sql: """
                DROP INDEX visit_event_guests;
                DROP INDEX visit_event_member;
                CREATE INDEX visit_event_member ON visit_event(memberId, time, eventId, kind, guests);
                """)
        }
    }
}

/// The one rule of guests inside, in SQL: an entry's guests less those who left after it.
enum GuestsInside {
    /// The guests inside of `member`'s visit that began at `since` with `entryGuests`: SQL expressions.
    static func of(member: String, since: String, entryGuests: String) -> String {
        """
        max(0, \(entryGuests) - (SELECT total(guests) FROM visit_event
                                 WHERE memberId = \(member) AND kind = 'guestsLeft' AND guests > 0 AND time > \(since)))
        """
    }

    /// For `recordEvent`'s upsert of an entry (?1 the member, ?3 the entry's time, ?6 its guests).
    static let afterEntry = of(member: "?1", since: "?3", entryGuests: "?6")

    /// For `recountGuests`: the presence row's own entry.
    static let ofPresence = of(member: "member_presence.memberId", since: "member_presence.time",
                               entryGuests: "coalesce((SELECT guests FROM visit_event WHERE eventId = member_presence.eventId), 0)")
}

extension StoreTransaction {
    /// Sets the member's guests inside from its events: its latest entry's guests less every
    /// `guestsLeft` after that entry, never below none. Read whole from the events (not stepped),
    /// so events merged in any order, twice or late give the same number at every desk.
    func recountGuests(memberId: String) throws {
        try db.cachedStatement(sql: """
            UPDATE member_presence SET guests = CASE WHEN inside = 1 THEN \(GuestsInside.ofPresence) ELSE 0 END
            WHERE memberId = ?
            """).execute(arguments: [memberId])
    }

    /// The guests the member's entries brought since `time` (the guest allowance's history).
    func guestsBrought(memberId: String, since time: Double) throws -> Int {
        try Int.fetchOne(db.cachedStatement(sql: """
            SELECT CAST(total(guests) AS INTEGER) FROM visit_event WHERE memberId = ? AND kind = 'entry' AND guests > 0 AND time >= ?
            """), arguments: [memberId, time]) ?? 0
    }
}
