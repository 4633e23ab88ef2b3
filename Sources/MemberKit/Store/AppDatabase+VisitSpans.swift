import Foundation
import GRDB

/// Which visits a read of entries and exits covers.
struct VisitSpanRange {
    /// Only this member's visits.
    var memberId: String?
    /// Entries at or after this time.
    var since: Double?
    /// Entries before this time.
    var until: Double?
    /// Events later than this are not read at all, as if they did not exist (the report's bound
    /// on a hostile sync file's far-future times).
    var through: Double?
    /// Whether each visit carries its member's name, desk and source (else ""): the report names
    /// only the few members it lists, and a year of a large club's entries would look up millions.
    var details = true
    /// How visits with no exit of their own end (the desk's closing rule, as of now).
    var ending = VisitEndRule()
}

/// Entries with their exits, streamed through `VisitPairing`: the one read behind `visits` and
/// the report. One pass over `visit_event` in (time, id) order from `since`; an entry still
/// waiting at `until` is resolved by reading on, or, when that gets long, by an indexed lookup.
extension StoreTransaction {
    /// A lookup of one member's next event costs about this many rows of the ordered scan.
    static let lookupCostInRows = 16

    /// One event as the scan reads it.
    private struct EventRow {
        var eventId: String
        var memberId: String
        var kind: VisitEvent.Kind?
        var time: Double
        var exitKind: VisitSpan.ExitKind?
        var desk: String
        var source: String
        var name: String?
        var guests: Int

        init(_ row: Row) {
            eventId = row[0]
            memberId = row[1]
            kind = VisitEvent.Kind(rawValue: row[2])
            time = row[3]
            exitKind = (row[4] as String?).flatMap(VisitSpan.ExitKind.init(rawValue:))
            desk = row[5]
            source = row[6]
            name = row[7]
            guests = row[8]
        }
    }

    func forEachVisitSpan(_ range: VisitSpanRange, _ body: (VisitSpan) throws -> Void) throws {
        var conditions: [String] = []
        var arguments: StatementArguments = range.details ? [VisitEvent.Kind.entry.rawValue] : []
        if let memberId = range.memberId { conditions.append("e.memberId = ?"); arguments += [memberId] }
        if let since = range.since { conditions.append("e.time >= ?"); arguments += [since] }
        if let through = range.through { conditions.append("e.time <= ?"); arguments += [through] }
        // Only an entry needs its member's name; an exit's row skips the lookup.
        let details = range.details
            ? "e.terminalId, e.source, CASE WHEN e.kind = ? THEN (SELECT coalesce(m.username, m.passId) FROM member m WHERE m.memberId = e.memberId) END"
            : "'', '', NULL"
        // In the time index's order; events of the same time are put in id order here, which
        // spares SQLite sorting every row for the rare tie.
        let sql = """
            SELECT e.eventId, e.memberId, e.kind, e.time, e.exitKind, \(details), e.guests
            FROM visit_event e \(conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND "))
            ORDER BY e.time
            """
        var pairing = VisitPairing(ending: range.ending)
        var rowsPastUntil = 0, budget = 0
        var stoppedEarly = false
        /// Pairs one event; false once past `until` with nothing left worth reading on for.
        func pair(_ event: EventRow) throws -> Bool {
            let startsVisit = range.until.map { event.time < $0 } ?? true
            if !startsVisit {
                // Past `until` only the waiting entries matter: read on while that is cheaper
                // than looking each one up (at most twice the cheaper of the two).
                if pairing.waiting.isEmpty { return false }
                if rowsPastUntil == 0 { budget = pairing.waiting.count * Self.lookupCostInRows }
                rowsPastUntil += 1
                if rowsPastUntil > budget { stoppedEarly = true; return false }
            }
            switch event.kind {
            case .entry:
                var span = VisitSpan(visitId: event.eventId, memberId: event.memberId, username: event.name ?? (range.details ? event.memberId : ""),
                                     entered: Date(timeIntervalSince1970: event.time), desk: event.desk, source: event.source)
                span.guests = event.guests
                try pairing.entry(span, at: event.time, startsVisit: startsVisit, body)
            case .exit:
                try pairing.exit(memberId: event.memberId, at: event.time, kind: event.exitKind, body)
            case .guestsLeft:
                // Guests leaving end no visit of their host: they leave its guests fewer.
                pairing.guestsLeft(memberId: event.memberId, at: event.time, count: event.guests)
            case nil:
                try pairing.other(memberId: event.memberId, at: event.time, body)
            }
            return true
        }
        var tied: [EventRow] = []
        func pairTied() throws -> Bool {
            defer { tied.removeAll(keepingCapacity: true) }
            if tied.count > 1 { tied.sort { $0.eventId < $1.eventId } }
            for event in tied {
                guard try pair(event) else { return false }
            }
            return true
        }
        let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
        var reading = true
        while reading, let row = try rows.next() {
            let event = EventRow(row)
            if let first = tied.first, first.time != event.time { reading = try pairTied() }
            tied.append(event)
        }
        if reading { _ = try pairTied() }
        // What still waits has no next event, or one past where the scan stopped.
        for (memberId, entry) in pairing.waiting.sorted(by: { $0.key < $1.key }) {
            let next = stoppedEarly ? try nextEvent(memberId: memberId, after: entry.time, eventId: entry.span.visitId, through: range.through) : nil
            try pairing.resolve(memberId: memberId, next: next, body)
        }
    }

    /// A member's first event after (time, eventId), through the member index.
    private func nextEvent(memberId: String, after time: Double, eventId: String, through: Double?)
        throws -> (kind: VisitEvent.Kind?, time: Double, exitKind: VisitSpan.ExitKind?)? {
        try Row.fetchOne(db.cachedStatement(sql: """
            SELECT kind, time, exitKind FROM visit_event
            WHERE memberId = ? AND (time > ? OR (time = ? AND eventId > ?)) AND time <= ? AND kind != 'guestsLeft'
            ORDER BY time, eventId LIMIT 1
            """), arguments: [memberId, time, time, eventId, through ?? Double.greatestFiniteMagnitude]).map {
            (VisitEvent.Kind(rawValue: $0[0]), $0[1], ($0[2] as String?).flatMap(VisitSpan.ExitKind.init(rawValue:)))
        }
    }
}
