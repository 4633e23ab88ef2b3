import Foundation
import GRDB

/// Entries and exits (`visit_event`) and each member's latest one (`member_presence`): who is
/// inside is read from the latter, so a count reads one index, not the events.
extension AppDatabase {
    /// How many are inside now (as far as this desk knows).
    package func insideCount() throws -> Int {
        try read { store in try store.insideCount() }
    }

    /// Everyone inside, by entry time.
    func insideMembers() throws -> [InsideMember] {
        try read { store in
            try Row.fetchAll(store.db, sql: """
                SELECT p.memberId, m.passId, m.username, p.time, p.terminalId, p.guests
                FROM member_presence p JOIN member m ON m.memberId = p.memberId
                WHERE p.inside = 1 ORDER BY p.time, p.eventId
                """).map { InsideMember(memberId: $0[0], passId: $0[1], username: $0[2], since: $0[3], desk: $0[4], guests: $0[5]) }
        }
    }

    /// A member's events, oldest first (tests and the scripts' view of a member).
    package func visitEvents(memberId: String) throws -> [VisitEvent] {
        try read { store in try store.visitEvents(memberId: memberId, after: nil, through: nil) }
    }

    /// How many visit events are stored.
    @_spi(Testing) public func visitEventCount() throws -> Int {
        try read { store in try Int.fetchOne(store.db, sql: "SELECT count(*) FROM visit_event") ?? 0 }
    }

    /// Entries with their exits, oldest first: a visit ends as `VisitEndRule` says (`VisitPairing`):
    /// at the member's next event when that is an exit, else by `ending`'s closing rule or at the
    /// member's next entry. `memberId` narrows to one member; `since`/`until` bound the entry time.
    /// (`Club.visitSpans` passes the desk's closing rule.)
    public func visitSpans(memberId: String? = nil, since: Double? = nil, until: Double? = nil,
                           ending: VisitEndRule = VisitEndRule()) throws -> [VisitSpan] {
        var spans: [VisitSpan] = []
        try read { store in
            try store.forEachVisitSpan(VisitSpanRange(memberId: memberId, since: since, until: until, ending: ending)) { spans.append($0) }
        }
        // Handed out as their next events came; listed in entry order.
        return spans.sorted { ($0.entered, $0.visitId) < ($1.entered, $1.visitId) }
    }

    /// Deletes visit events older than `before` (the visits counted here among them stay in the
    /// trail: `visit_archive`); members' presence and counters stay.
    @discardableResult
    func pruneVisitEvents(before: Double) throws -> Int {
        try write { store in try store.pruneVisitEvents(before: before) }
    }
}

extension StoreTransaction {
    /// Stores an event (once: a known id is ignored) and moves the member's presence to it when it
    /// is the latest entry or exit; guests (an entry's, or those who left) recount the member's
    /// guests inside (`recountGuests`). Returns whether it was new.
    @discardableResult
    func recordEvent(_ event: VisitEvent, visitTime: Double? = nil) throws -> Bool {
        try db.cachedStatement(sql: """
            INSERT OR IGNORE INTO visit_event(eventId, memberId, kind, time, terminalId, source, exitKind, visitTime, guests)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: [event.eventId, event.memberId, event.kind.rawValue, event.time, event.terminalId,
                                     event.source, event.exitKind?.rawValue, visitTime, event.guests])
        guard db.changesCount > 0 else { return false }
        if event.movesMember {
            // The latest entry or exit by (time, id) wins, whatever order events arrive in. An
            // entry's guests inside are its own less those who left after it (`recountGuests`'s
            // rule, in the same statement: a tap with guests costs no second write).
            let guests = event.guests > 0 ? GuestsInside.afterEntry : "?"
            try db.cachedStatement(sql: """
                INSERT INTO member_presence(memberId, eventId, time, inside, terminalId, guests) VALUES (?1, ?2, ?3, ?4, ?5, \(guests))
                ON CONFLICT(memberId) DO UPDATE SET eventId = excluded.eventId, time = excluded.time,
                    inside = excluded.inside, terminalId = excluded.terminalId, guests = excluded.guests
                WHERE excluded.time > member_presence.time
                   OR (excluded.time = member_presence.time AND excluded.eventId > member_presence.eventId)
                """).execute(arguments: [event.memberId, event.eventId, event.time, event.kind == .entry ? 1 : 0, event.terminalId,
                                         event.guests])
        } else {
            // Guests who left: their host's count, read again from its events.
            try recountGuests(memberId: event.memberId)
        }
        return true
    }

    func presence(memberId: String) throws -> MemberPresence? {
        try Row.fetchOne(db.cachedStatement(sql: """
            SELECT eventId, time, inside, terminalId, guests FROM member_presence WHERE memberId = ?
            """), arguments: [memberId]).map {
            MemberPresence(memberId: memberId, eventId: $0[0], time: $0[1], inside: $0[2], terminalId: $0[3], guests: $0[4])
        }
    }

    /// How the exit `eventId` came about (nil: not an exit, or not stored).
    func exitKind(eventId: String) throws -> VisitSpan.ExitKind? {
        try String.fetchOne(db.cachedStatement(sql: "SELECT exitKind FROM visit_event WHERE eventId = ? AND kind = 'exit'"),
                            arguments: [eventId]).flatMap(VisitSpan.ExitKind.init(rawValue:))
    }

    /// The members inside whose entry is before `time`, oldest first.
    func insideEntries(before time: Double) throws -> [MemberPresence] {
        try Row.fetchAll(db.cachedStatement(sql: """
            SELECT memberId, eventId, time, terminalId FROM member_presence WHERE inside = 1 AND time < ? ORDER BY time
            """), arguments: [time]).map {
            MemberPresence(memberId: $0[0], eventId: $0[1], time: $0[2], inside: true, terminalId: $0[3])
        }
    }

    /// Everyone inside.
    func insideEntries() throws -> [MemberPresence] {
        try insideEntries(before: .infinity)
    }

    /// A member's events in time order; with `after`/`through`, only those recorded here in that
    /// range of change numbers (what a changes file carries).
    func visitEvents(memberId: String, after: Int64?, through: Int64?) throws -> [VisitEvent] {
        let range = after == nil ? "" : "AND seq > ? AND seq <= ?"
        var arguments: StatementArguments = [memberId]
        if let after, let through { arguments += [after, through] }
        return try Row.fetchAll(db.cachedStatement(sql: """
            SELECT eventId, kind, time, terminalId, source, exitKind, guests FROM visit_event
            WHERE memberId = ? \(range) ORDER BY time, eventId
            """), arguments: arguments).compactMap { row in
            guard let kind = VisitEvent.Kind(rawValue: row[1]) else { return nil }
            return VisitEvent(eventId: row[0], memberId: memberId, kind: kind, time: row[2], terminalId: row[3], source: row[4],
                              exitKind: (row[5] as String?).flatMap(VisitSpan.ExitKind.init(rawValue:)), guests: row[6])
        }
    }
}
