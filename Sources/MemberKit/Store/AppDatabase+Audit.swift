import Foundation
import GRDB

/// The record of who did what (table `audit`): appended inside the transaction of the change it
/// records, read by `memberdesk audit`, pruned only past `audit.keep_days`. SQLite's triggers
/// refuse every UPDATE, and every DELETE that `pruneAudit` has not allowed.
extension AppDatabase {
    /// An entry's id begins with its time (`AuditEntry.newId`), so one unique index on (time, entryId)
    /// does the work of the two that were: the unique `entryId` (a sync file read twice adds
    /// nothing) and `audit_time` (`audit --since`, the desk's newest, pruning). Every tap writes an
    /// entry, and each b-tree is a page more in its commit: 1.1 of a tap's 23.8 pages went.
    /// SQLite drops no column's UNIQUE, so the table is built again, with its triggers.
    static func registerAuditTimeEntry(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v16-audit-time-entry") { db in
            try db.execute(sql: """
                CREATE TABLE audit_new (
                    id INTEGER PRIMARY KEY,
                    entryId TEXT NOT NULL,
                    time REAL NOT NULL,
                    deskId TEXT NOT NULL,
                    desk TEXT NOT NULL,
                    operator TEXT,
                    method TEXT NOT NULL,
                    action TEXT NOT NULL,
                    memberId TEXT,
                    detail TEXT NOT NULL DEFAULT '{}'
                );
                INSERT INTO audit_new(id, entryId, time, deskId, desk, operator, method, action, memberId, detail)
                SELECT id, entryId, time, deskId, desk, operator, method, action, memberId, detail FROM audit ORDER BY id;
                DROP TABLE audit;
                ALTER TABLE audit_new RENAME TO audit;
                CREATE UNIQUE INDEX audit_time_entry ON audit(time, entryId);
                CREATE INDEX audit_member ON audit(memberId, time) WHERE memberId IS NOT NULL;
                CREATE TRIGGER audit_append_only_update BEFORE UPDATE ON audit BEGIN
                    SELECT RAISE(ABORT, 'the audit record is append-only');
                END;
                CREATE TRIGGER audit_append_only_delete BEFORE DELETE ON audit
                WHEN NOT EXISTS (SELECT 1 FROM audit_pruning WHERE OLD.time < before) BEGIN
                    SELECT RAISE(ABORT, 'the audit record is append-only');
                END;
                """)
        }
    }

    /// `audit_member` (memberId, time) went too: every tap entered it at a random place, 1.3 pages
    /// of each commit's 22.7 (`memberdesk-bench checkin-pages`: 21.4 after), for the one query that
    /// reads by member, `memberdesk audit --member`, which now reads the record through: a year of
    /// a busy desk's entries in a fraction of a second, and only when someone asks.
    static func registerAuditWithoutMemberIndex(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v17-audit-no-member-index") { db in
            try db.execute(sql: "DROP INDEX audit_member")
        }
    }

    /// Entries matching `query`, oldest first.
    public func auditEntries(_ query: AuditQuery) throws -> [AuditEntry] {
        try read { store in try store.auditEntries(query) }
    }

    /// Appends an entry in its own transaction: an action whose whole change is its line (an
    /// export, a restore, a lockout). Not public: an entry is written by the change it records
    /// (`Club.record` for the ones that change nothing else).
    func record(_ entry: AuditEntry) throws {
        try write { store in try store.appendAudit(entry) }
    }

    /// Deletes entries older than `cutoff` (seconds since 1970), the one way rows leave `audit`:
    /// the cutoff is written to `audit_pruning` for this transaction only, which the delete trigger reads.
    @discardableResult
    public func pruneAudit(before cutoff: Double) throws -> Int {
        try write { store in
            try store.db.execute(sql: "INSERT INTO audit_pruning(before) VALUES (?)", arguments: [cutoff])
            // Rows past the cutoff's millisecond are all newer (`AuditRowId`): the delete reads no further.
            try store.db.execute(sql: "DELETE FROM audit WHERE id <= ? AND time < ?", arguments: [AuditRowId.last(at: cutoff), cutoff])
            let pruned = store.db.changesCount
            try store.db.execute(sql: "DELETE FROM audit_pruning")
            return pruned
        }
    }

    /// How many entries the record holds.
    @_spi(Testing) public func auditCount() throws -> Int {
        try read { store in try Int.fetchOne(store.db, sql: "SELECT COUNT(*) FROM audit") ?? 0 }
    }
}

/// Which entries `memberdesk audit` shows; nil matches everything.
public struct AuditQuery: Sendable, Equatable {
    package var since: Double?
    /// Operators found as the desk's search finds members: every word typed starts a word of the
    /// name, case and accents aside (`mia` finds "Mia Berg", `alice` finds "cli:alice").
    var `operator`: String?
    var memberId: String?
    /// Entries about any of these members (a pass held by several members, deleted ones too).
    public var memberIds: [String]?
    var action: AuditAction?
    /// Only the newest this many (still oldest first): the desk's audit view.
    var newest: Int?

    public init(since: Double? = nil, operator: String? = nil, memberId: String? = nil, action: AuditAction? = nil,
                newest: Int? = nil) {
        self.newest = newest
        self.since = since
        self.operator = `operator`
        self.memberId = memberId
        self.action = action
    }
}

extension StoreTransaction {
    /// Appends one entry at the next row of its millisecond (`AuditRowId`); an entry already held
    /// (the same time and `entryId`, say from a sync file read twice) is skipped. Returns whether
    /// it was added.
    @discardableResult
    func appendAudit(_ entry: AuditEntry) throws -> Bool {
        let first = AuditRowId.first(at: entry.time)
        var id = first
        // Every tap records one. A tap's millisecond is past every row held, and one look at the
        // record's end says so; it needs no other row and no index.
        let statements = AuditAppendStatements(db: db)
        let newest = try statements.newestRow()
        if let newest, newest >= first {
            // Its millisecond holds entries already (a burst, closing time's check-outs), the clock
            // stepped back, or it is another desk's entry merged late: its place is among its
            // millisecond's rows, and only one placed below the newest can be behind the sync mark.
            let last = AuditRowId.last(at: entry.time)
            let millisecond = try statements.millisecond(of: entry, first: first, last: last)
            guard !millisecond.holdsEntry else { return false }
            id = millisecond.newest.map { $0 + 1 } ?? first
            guard id <= last else {
                throw DeskError.invalidInput("more than \(AuditRowId.perMillisecond) audit entries in one millisecond (\(entry.time))")
            }
            if id < newest { try lowerOwnAuditMark(below: id, for: entry) }
        }
        try statements.insert(entry, id: id, detail: AuditDetail.encode(entry.detail))
        return true
    }

    /// This desk's entry placed at or below the row through which the sync writer has written
    /// its entries (the clock stepped back), or an entry any desk carries (a conflict, at the kept
    /// edit's time), moves that mark below it, so that it goes out too.
    func lowerOwnAuditMark(below id: Int64, for entry: AuditEntry) throws {
        try db.cachedStatement(sql: """
            UPDATE terminal_setting SET value = ? WHERE key = ? AND CAST(value AS INTEGER) >= ?
            AND (? OR ? = (SELECT value FROM terminal_setting WHERE key = ?))
            """).execute(arguments: [String(id - 1), AuditFileSync.throughKey, id, AuditSyncFile.carriedByAnyDesk.contains(entry.action),
                                     entry.deskId, AuditFileSync.deskKey])
    }

    /// Entries listed by time, then the desk that wrote them, then row: rows of one millisecond
    /// interleave desks in arrival order, which differs between desks, but each desk's own entries
    /// arrive in the order it wrote them (its audit file lists them so). An entry any desk may
    /// write or carry (a conflict, `AuditSyncFile.carriedByAnyDesk`) comes last in its instant and
    /// desk, by entry id. So `audit --json` prints the same bytes on every desk, and one desk's
    /// entries of one instant (an edit's suspension and its name) keep the order they were made in.
    static let auditListOrder = "time, deskId, \(carried), CASE WHEN \(carried) THEN entryId END, id"
    static let auditListOrderNewestFirst = "time DESC, deskId DESC, \(carried) DESC, CASE WHEN \(carried) THEN entryId END DESC, id DESC"
    private static let carried = "action IN (" + AuditSyncFile.carriedByAnyDesk.map { "'\($0.rawValue)'" }.sorted().joined(separator: ", ") + ")"

    func auditEntries(_ query: AuditQuery) throws -> [AuditEntry] {
        var conditions: [String] = [], arguments: StatementArguments = []
        if let since = query.since {
            // Older rows are all before `since`'s millisecond (`AuditRowId`): the read starts there.
            conditions.append("id >= ? AND time >= ?"); arguments += [AuditRowId.first(at: since), since]
        }
        if let memberId = query.memberId { conditions.append("memberId = ?"); arguments += [memberId] }
        if let memberIds = query.memberIds {
            conditions.append("memberId IN (\(Array(repeating: "?", count: memberIds.count).joined(separator: ",")))")
            arguments += StatementArguments(memberIds)
        }
        if let action = query.action { conditions.append("action = ?"); arguments += [action.rawValue] }
        let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        if let name = query.operator {
            // Word prefixes are no SQL a B-tree answers: the operator is matched here, as the desk's search matches.
            let entries = try Row.fetchAll(db, sql: "SELECT * FROM audit \(filter) ORDER BY \(Self.auditListOrder)", arguments: arguments)
                .compactMap(Self.auditEntry).filter { $0.operator.map { SearchTokens.matches(name, $0) } ?? false }
            return query.newest.map { Array(entries.suffix($0)) } ?? entries
        }
        if let newest = query.newest {
            // The newest rows by number reach back to the millisecond of the newest entries' oldest;
            // no older row can be among them, so only that far is read and ordered by time.
            guard newest > 0 else { return [] }
            let oldest = try Double.fetchOne(db, sql: "SELECT time FROM audit \(filter) ORDER BY id DESC LIMIT 1 OFFSET ?",
                                              arguments: arguments + [newest - 1])
            let bound = oldest.map { (conditions.isEmpty ? "WHERE" : filter + " AND") + " id >= \(AuditRowId.first(at: $0))" } ?? filter
            return try Row.fetchAll(db, sql: "SELECT * FROM audit \(bound) ORDER BY \(Self.auditListOrderNewestFirst) LIMIT ?",
                                    arguments: arguments + [newest])
                .reversed().compactMap(Self.auditEntry)
        }
        return try Row.fetchAll(db, sql: "SELECT * FROM audit \(filter) ORDER BY \(Self.auditListOrder)", arguments: arguments)
            .compactMap(Self.auditEntry)
    }

    static func auditEntry(_ row: Row) -> AuditEntry? {
        guard let method = AuditMethod(rawValue: row["method"]), let action = AuditAction(rawValue: row["action"]) else {
            return nil  // written by a newer memberdesk: shown once this one knows the word
        }
        return AuditEntry(entryId: row["entryId"], time: row["time"], deskId: row["deskId"], desk: row["desk"], operator: row["operator"],
                              method: method, action: action, memberId: row["memberId"],
                              detail: AuditDetail.decode(row["detail"]))
    }
}

/// An entry's details as the store keeps them: a flat JSON object of strings.
enum AuditDetail {
    /// The same text as JSONEncoder's (keys sorted, `/` not escaped), through `JSONWriter`: every
    /// tap writes one, and building a JSONEncoder costs more than the rest of the entry.
    static func encode(_ detail: [String: String]) -> String {
        guard !detail.isEmpty else { return "{}" }
        var out: [UInt8] = [UInt8(ascii: "{")]
        for (index, key) in detail.keys.sorted().enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONWriter.appendString(key, to: &out, escapingSlash: false)
            out.append(UInt8(ascii: ":"))
            JSONWriter.appendString(detail[key] ?? "", to: &out, escapingSlash: false)
        }
        out.append(UInt8(ascii: "}"))
        return String(decoding: out, as: UTF8.self)
    }

    static func decode(_ text: String) -> [String: String] {
        guard text != "{}" else { return [:] }
        return (try? JSONDecoder().decode([String: String].self, from: Data(text.utf8))) ?? [:]
    }
}
