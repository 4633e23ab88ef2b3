import GRDB

extension AppDatabase {
    /// Append-only, named migrations: never edit one that has shipped; add the next.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE member (
                    id INTEGER PRIMARY KEY,
                    memberId TEXT NOT NULL UNIQUE,
                    passId TEXT NOT NULL,
                    username TEXT,
                    timeStampAdded REAL NOT NULL,
                    numVisits INTEGER NOT NULL DEFAULT 0,
                    timeStampOfLastVisit REAL NOT NULL DEFAULT 0,
                    fields TEXT NOT NULL DEFAULT '{}',          -- subclass fields, JSON object
                    status TEXT NOT NULL DEFAULT 'active',
                    expiresAt REAL,
                    note TEXT,
                    modifiedAt REAL NOT NULL,
                    modifiedBy TEXT NOT NULL,
                    deletedAt REAL                               -- tombstone, kept for sync
                );
                -- A scan finds its own member, never "the first one"; tombstones free the pass.
                CREATE UNIQUE INDEX member_passId ON member(passId) WHERE deletedAt IS NULL;
                CREATE INDEX member_name ON member(username COLLATE NOCASE);
                CREATE INDEX member_pass_nocase ON member(passId COLLATE NOCASE);
                CREATE INDEX member_lastVisit ON member(timeStampOfLastVisit);
                CREATE INDEX member_visits ON member(numVisits);
                CREATE INDEX member_added ON member(timeStampAdded);

                -- Substring search over name, pass and email (trigram, case-insensitive).
                CREATE VIRTUAL TABLE member_search USING fts5(username, passId, email, tokenize = 'trigram');
                CREATE TRIGGER member_search_insert AFTER INSERT ON member WHEN NEW.deletedAt IS NULL BEGIN
                    INSERT INTO member_search(rowid, username, passId, email)
                    VALUES (NEW.rowid, NEW.username, NEW.passId, json_extract(NEW.fields, '$.userEmailAddress'));
                END;
                CREATE TRIGGER member_search_delete AFTER DELETE ON member BEGIN
                    DELETE FROM member_search WHERE rowid = OLD.rowid;
                END;
                CREATE TRIGGER member_search_update AFTER UPDATE OF username, passId, fields, deletedAt ON member BEGIN
                    DELETE FROM member_search WHERE rowid = OLD.rowid;
                    INSERT INTO member_search(rowid, username, passId, email)
                    SELECT NEW.rowid, NEW.username, NEW.passId, json_extract(NEW.fields, '$.userEmailAddress')
                    WHERE NEW.deletedAt IS NULL;
                END;

                -- One row per accepted check-in: the audit trail and the source for stats.
                CREATE TABLE visit (
                    id INTEGER PRIMARY KEY,
                    visitId TEXT NOT NULL UNIQUE,
                    memberId TEXT NOT NULL,
                    terminalId TEXT NOT NULL,
                    time REAL NOT NULL,
                    source TEXT NOT NULL
                );
                CREATE INDEX visit_member ON visit(memberId, time);
                CREATE INDEX visit_time ON visit(time);

                -- Per-terminal visit counters (a G-counter): numVisits is their sum.
                CREATE TABLE visit_counter (
                    memberId TEXT NOT NULL,
                    terminalId TEXT NOT NULL,
                    count INTEGER NOT NULL,
                    PRIMARY KEY (memberId, terminalId)
                ) WITHOUT ROWID;

                CREATE TABLE script_kv (
                    key TEXT PRIMARY KEY NOT NULL,
                    value TEXT NOT NULL
                );

                CREATE TABLE terminal_setting (
                    key TEXT PRIMARY KEY NOT NULL,
                    value TEXT NOT NULL
                );
                """)
        }
        // Region monitor state, so a restart neither repeats an enter nor forgets a once_ever trigger.
        migrator.registerMigration("v2-regions") { db in
            try db.execute(sql: """
                CREATE TABLE region_state (
                    identifier TEXT PRIMARY KEY NOT NULL,
                    inside INTEGER NOT NULL DEFAULT 0,
                    geometry TEXT NOT NULL DEFAULT '',
                    lastTriggered REAL,
                    triggeredEver INTEGER NOT NULL DEFAULT 0,
                    armed INTEGER NOT NULL DEFAULT 0             -- the enter ran its script, so the exit will
                );
                """)
        }
        migrator.registerMigration("v2-member-alias") { db in
            // Sync: a member unified into another (both enrolled the same card) stays as a
            // tombstone and gets this pointer; ownDeletedAt keeps its real deletion time, since
            // member.deletedAt then only marks it unified. Re-imports recompute the same pointers.
            try db.execute(sql: """
                CREATE TABLE member_alias (
                    memberId TEXT PRIMARY KEY NOT NULL,
                    survivorId TEXT NOT NULL,
                    ownDeletedAt REAL
                ) WITHOUT ROWID;
                CREATE INDEX member_alias_survivor ON member_alias(survivorId);
                """)
        }
        migrator.registerMigration("v3-search-tokens") { db in
            // Word-prefix search (see `SearchTokens`) replaces the trigram index: each member's
            // words are stored as a JSON array, and triggers keep one index row per live word.
            try db.execute(sql: """
                DROP TRIGGER member_search_insert;
                DROP TRIGGER member_search_delete;
                DROP TRIGGER member_search_update;
                DROP TABLE member_search;
                ALTER TABLE member ADD COLUMN searchTokens TEXT NOT NULL DEFAULT '[]';
                CREATE TABLE member_token (
                    token TEXT NOT NULL,
                    memberRowId INTEGER NOT NULL,
                    PRIMARY KEY (token, memberRowId)
                ) WITHOUT ROWID;
                CREATE TRIGGER member_token_insert AFTER INSERT ON member WHEN NEW.deletedAt IS NULL BEGIN
                    INSERT OR IGNORE INTO member_token(token, memberRowId)
                    SELECT value, NEW.id FROM json_each(NEW.searchTokens);
                END;
                CREATE TRIGGER member_token_update AFTER UPDATE OF searchTokens, deletedAt ON member BEGIN
                    DELETE FROM member_token
                    WHERE memberRowId = OLD.id AND token IN (SELECT value FROM json_each(OLD.searchTokens));
                    INSERT OR IGNORE INTO member_token(token, memberRowId)
                    SELECT value, NEW.id FROM json_each(NEW.searchTokens) WHERE NEW.deletedAt IS NULL;
                END;
                CREATE TRIGGER member_token_delete AFTER DELETE ON member BEGIN
                    DELETE FROM member_token
                    WHERE memberRowId = OLD.id AND token IN (SELECT value FROM json_each(OLD.searchTokens));
                END;
                """)
            // Existing members get their words; the update trigger indexes them.
            let update = try db.makeStatement(sql: "UPDATE member SET searchTokens = ? WHERE id = ?")
            // Only the columns the words come from: this schema predates later columns (`passSince`).
            let members = try Row.fetchCursor(db, sql: "SELECT id, passId, username, fields FROM member")
            while let row = try members.next() {
                let member = MemberRecord(memberId: "", passId: row["passId"], username: row["username"], timeStampAdded: 0,
                                          fields: FieldsColumn.parse(row["fields"] as String), modifiedAt: 0, modifiedBy: "")
                try update.execute(arguments: [SearchTokens.json(of: member), row["id"] as Int64])
            }
        }
        migrator.registerMigration("v4-pass-since") { db in
            // A member given a card by an edit holds it from then, not from when it was added:
            // otherwise a card reused from a deleted member could unify a live member into it.
            try db.execute(sql: "ALTER TABLE member ADD COLUMN passSince REAL")
        }
        migrator.registerMigration("v5-sync-changes") { db in
            // Folder sync: which members changed here, by a sequence number that grows with every
            // change, so that a change file costs O(changes). One row per member (its latest change).
            // While member_change_muted holds a row (only inside a transaction that merges another
            // terminal's sync file) nothing is recorded: what others wrote is not written back.
            // The triggers use no conflict clause: an outer upsert or OR IGNORE would override it.
            try db.execute(sql: """
                CREATE TABLE member_change (
                    memberId TEXT PRIMARY KEY NOT NULL,
                    seq INTEGER NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX member_change_seq ON member_change(seq);
                CREATE TABLE member_change_muted (muted INTEGER NOT NULL);
                \(Self.memberChangeTriggers)

                -- Each other terminal's sync files this terminal has read (or found bad): a file is
                -- read again only when its size or modification time changes.
                CREATE TABLE sync_file (
                    terminalId TEXT NOT NULL,
                    name TEXT NOT NULL,
                    size INTEGER NOT NULL,
                    mtime REAL NOT NULL,
                    readAt REAL NOT NULL,
                    error TEXT,
                    PRIMARY KEY (terminalId, name)
                ) WITHOUT ROWID;
                -- Each other terminal seen in the folder: its name, and the sequence up to which
                -- this terminal holds all its changes (a snapshot at or below it need not be read).
                CREATE TABLE sync_terminal (
                    terminalId TEXT PRIMARY KEY NOT NULL,
                    name TEXT,
                    coveredThrough INTEGER NOT NULL DEFAULT 0,
                    lastFileTime REAL,
                    files INTEGER NOT NULL DEFAULT 0,
                    lastError TEXT
                ) WITHOUT ROWID;
                """)
        }
        migrator.registerMigration("v6-mqtt-outbox") { db in
            // MQTT messages not yet acknowledged by the broker, in the order they are sent.
            // AUTOINCREMENT: an id is never reused, so a sender's "sent through id N" stays true.
            try db.execute(sql: """
                CREATE TABLE mqtt_outbox (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    topic TEXT NOT NULL,
                    payload BLOB NOT NULL,
                    qos INTEGER NOT NULL,
                    retain INTEGER NOT NULL,
                    createdAt REAL NOT NULL
                );
                """)
        }
        migrator.registerMigration("v7-sync-retired") { db in
            // Snapshots hold only what their desk authored, so a desk that leaves is taken over by
            // another (`sync retire`): retiredBy names the desk that carries its members now, and
            // retiredThrough how far that desk held its changes when it took them over.
            try db.execute(sql: """
                ALTER TABLE sync_terminal ADD COLUMN retiredBy TEXT;
                ALTER TABLE sync_terminal ADD COLUMN retiredThrough INTEGER NOT NULL DEFAULT 0;
                """)
        }
        migrator.registerMigration("v8-staff") { db in
            // Operators. The PIN is kept only as an Argon2id string; a removed operator stays as a
            // tombstone so the removal syncs. Names compare without case. A card is one operator's by
            // the rules of a local change; merged versions may briefly share one (the latest wins a lookup).
            try db.execute(sql: """
                CREATE TABLE staff (
                    name TEXT PRIMARY KEY NOT NULL COLLATE NOCASE,
                    role TEXT NOT NULL CHECK (role IN ('desk', 'manager')),
                    card TEXT,
                    pinHash TEXT NOT NULL,
                    addedAt REAL NOT NULL,
                    lastSignInAt REAL,
                    modifiedAt REAL NOT NULL,
                    modifiedBy TEXT NOT NULL,
                    removedAt REAL
                ) WITHOUT ROWID;
                CREATE INDEX staff_card ON staff(card) WHERE card IS NOT NULL AND removedAt IS NULL;
                """)
        }
        migrator.registerMigration("v9-audit") { db in
            // Who did what. Append-only, enforced here: no UPDATE ever, and a DELETE only of rows
            // older than the cutoff `pruneAudit` puts in audit_pruning for its own transaction.
            try db.execute(sql: """
                CREATE TABLE audit (
                    id INTEGER PRIMARY KEY,
                    entryId TEXT NOT NULL UNIQUE,
                    time REAL NOT NULL,
                    deskId TEXT NOT NULL,                        -- the terminal that wrote it (sync sends its own)
                    desk TEXT NOT NULL,
                    operator TEXT,
                    method TEXT NOT NULL,
                    action TEXT NOT NULL,
                    memberId TEXT,
                    detail TEXT NOT NULL DEFAULT '{}'
                );
                CREATE INDEX audit_time ON audit(time);
                CREATE INDEX audit_member ON audit(memberId, time) WHERE memberId IS NOT NULL;
                CREATE INDEX audit_desk ON audit(deskId, id);
                CREATE TABLE audit_pruning (before REAL NOT NULL);
                -- Other desks' staff.json and audit files this desk has merged (or found bad), by size and time.
                CREATE TABLE staff_sync_file (
                    terminalId TEXT NOT NULL,
                    name TEXT NOT NULL,
                    size INTEGER NOT NULL,
                    mtime REAL NOT NULL,
                    error TEXT,
                    PRIMARY KEY (terminalId, name)
                ) WITHOUT ROWID;
                CREATE TRIGGER audit_append_only_update BEFORE UPDATE ON audit BEGIN
                    SELECT RAISE(ABORT, 'the audit record is append-only');
                END;
                CREATE TRIGGER audit_append_only_delete BEFORE DELETE ON audit
                WHEN NOT EXISTS (SELECT 1 FROM audit_pruning WHERE OLD.time < before) BEGIN
                    SELECT RAISE(ABORT, 'the audit record is append-only');
                END;
                """)
        }
        migrator.registerMigration("v10-visit-events") { db in
            // Entries and exits, each with its own id, travelling between desks (a grow-only set);
            // `seq` is the change number of an event recorded here (nil for one merged from another
            // desk), so a changes file carries only the new ones. `member_presence` holds each
            // member's latest event by (time, eventId): who is inside, counted from one index.
            // Older `visit` rows are not turned into entries: with no exits, everyone would be inside.
            try db.execute(sql: """
                CREATE TABLE visit_event (
                    id INTEGER PRIMARY KEY,
                    eventId TEXT NOT NULL UNIQUE,
                    memberId TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    time REAL NOT NULL,
                    terminalId TEXT NOT NULL,
                    source TEXT NOT NULL,
                    exitKind TEXT,
                    seq INTEGER
                );
                CREATE INDEX visit_event_member ON visit_event(memberId, time, eventId);
                CREATE INDEX visit_event_time ON visit_event(time);
                CREATE TABLE member_presence (
                    memberId TEXT PRIMARY KEY NOT NULL,
                    eventId TEXT NOT NULL,
                    time REAL NOT NULL,
                    inside INTEGER NOT NULL,
                    terminalId TEXT NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX member_presence_inside ON member_presence(time) WHERE inside = 1;
                CREATE TRIGGER member_change_event_insert AFTER INSERT ON visit_event
                WHEN NOT EXISTS (SELECT 1 FROM member_change_muted) BEGIN
                    UPDATE member_change SET seq = (SELECT max(seq) + 1 FROM member_change) WHERE memberId = NEW.memberId;
                    INSERT INTO member_change(memberId, seq)
                    SELECT NEW.memberId, (SELECT coalesce(max(seq), 0) + 1 FROM member_change)
                    WHERE NOT EXISTS (SELECT 1 FROM member_change WHERE memberId = NEW.memberId);
                    UPDATE visit_event SET seq = (SELECT seq FROM member_change WHERE memberId = NEW.memberId) WHERE id = NEW.id;
                END;
                """)
        }
        migrator.registerMigration("v11-plans") { db in
            // Plans (open, pack, household) and birthdays are member fields, merged last writer wins.
            // A pack's balance is never stored as one number: `pack_counter` holds what each desk
            // added and what each desk used (two G-counters, merged by max per desk), so top-ups and
            // uses made offline on several desks all count; balance = sum(added) - sum(used).
            // No change-log trigger on pack_counter: a pack changes only with a member edit (a
            // top-up) or a counted visit (a use), and those mark the member changed already.
            try db.execute(sql: """
                ALTER TABLE member ADD COLUMN plan TEXT NOT NULL DEFAULT 'open';
                ALTER TABLE member ADD COLUMN household TEXT;
                ALTER TABLE member ADD COLUMN birthday TEXT;
                CREATE INDEX member_household ON member(household) WHERE household IS NOT NULL;
                -- `members list --expiring DAYS` reads a range of this index.
                CREATE INDEX member_expires ON member(expiresAt) WHERE expiresAt IS NOT NULL AND deletedAt IS NULL;
                CREATE TABLE pack_counter (
                    memberId TEXT NOT NULL,
                    terminalId TEXT NOT NULL,
                    added INTEGER NOT NULL DEFAULT 0,
                    used INTEGER NOT NULL DEFAULT 0,
                    PRIMARY KEY (memberId, terminalId)
                ) WITHOUT ROWID;
                -- Each pack's balance, kept by triggers from the counters: `--pack-below` reads its index.
                CREATE TABLE pack_balance (
                    memberId TEXT PRIMARY KEY NOT NULL,
                    balance INTEGER NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX pack_balance_value ON pack_balance(balance);
                CREATE TRIGGER pack_balance_insert AFTER INSERT ON pack_counter BEGIN
                    INSERT INTO pack_balance(memberId, balance) VALUES (NEW.memberId, NEW.added - NEW.used)
                    ON CONFLICT(memberId) DO UPDATE SET balance = balance + NEW.added - NEW.used;
                END;
                CREATE TRIGGER pack_balance_update AFTER UPDATE ON pack_counter BEGIN
                    UPDATE pack_balance SET balance = balance + (NEW.added - OLD.added) - (NEW.used - OLD.used)
                    WHERE memberId = NEW.memberId;
                END;
                """)
        }
        migrator.registerMigration("v12-audit-lean") { db in
            // Every tap writes an audit entry, and each index is one more page in its commit.
            // This desk's own entries since a row are found by the row id's range alone (sync
            // writes only the new ones), so the (deskId, id) index went.
            try db.execute(sql: "DROP INDEX audit_desk")
        }
        migrator.registerMigration("v13-tally-last-visit") { db in
            // A tally (a desk's counters and events of a member another desk authors) may come
            // before the member's record: its counters and events wait in their own tables (they
            // need no member row), and its last visit here until the record arrives.
            try db.execute(sql: """
                CREATE TABLE tally_last_visit (
                    memberId TEXT PRIMARY KEY NOT NULL,
                    time REAL NOT NULL
                ) WITHOUT ROWID;
                """)
        }
        migrator.registerMigration("v14-report-days") { db in
            // The report's cache: what the visits entered on each past local day contribute
            // (`ReportDay`, encoded), per time zone, so a year's report reads ~400 summaries rather
            // than every event. A row holds while no event changes its visits (the triggers below
            // delete it) and while now + 1 day stays within [validFrom, validThrough): the events
            // read when it was computed are then the same. `pending` marks a day a report is
            // computing: it stores the summary only if the mark is still there. Members are
            // numbers in a summary (`report_member`, append-only).
            try db.execute(sql: """
                CREATE TABLE report_day (
                    zone TEXT NOT NULL,
                    day INTEGER NOT NULL,
                    dayStart REAL NOT NULL,
                    dayEnd REAL NOT NULL,
                    validFrom REAL,
                    validThrough REAL,
                    pending INTEGER,
                    summary BLOB,
                    PRIMARY KEY (zone, day)
                ) WITHOUT ROWID;
                CREATE INDEX report_day_start ON report_day(dayStart);
                CREATE TABLE report_member (
                    number INTEGER PRIMARY KEY,
                    memberId TEXT NOT NULL UNIQUE
                );
                \(reportDayTriggers)
                """)
        }
        migrator.registerMigration("v15-figures-report-closing") { db in
            // Visits with no exit are now ended by the closing rule or the member's next entry
            // (`VisitEndRule`), and stays so ended are kept apart: every cached day was computed
            // under the old pairing, so all go. Each day now records the rule it was computed under.
            try db.execute(sql: """
                DELETE FROM report_day;
                ALTER TABLE report_day ADD COLUMN closingRule TEXT NOT NULL DEFAULT '';
                """)
        }
        registerSecureCounters(&migrator)
        migrator.registerMigration("v15-phone-wallet-claims") { db in
            // Phones' cryptograms read (a SHA-256 digest, never the cryptogram), kept as long as
            // one could still be fresh: the same one again is a replay.
            try db.execute(sql: """
                CREATE TABLE wallet_claim (
                    digest BLOB PRIMARY KEY,
                    keepUntil REAL NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX wallet_claim_keep ON wallet_claim(keepUntil);
                """)
        }
        registerWalletClaimDesks(&migrator)
        registerVisitsInEntries(&migrator)
        registerInsideCount(&migrator)
        registerAuditSyncKeys(&migrator)
        registerAuditTimeEntry(&migrator)
        registerAuditWithoutMemberIndex(&migrator)
        registerAuditRowsInTime(&migrator)
        registerMemberFieldStamps(&migrator)
        registerNameCollation(&migrator)
        registerMergedEntriesCounted(&migrator)
        registerPassDigitsIndex(&migrator)
        // Before the next: a member's columns are read whole (MemberColumns) from there on. A
        // database that ran the next already gets this one after it, which reads no member.
        registerMemberDetails(&migrator)
        // Last of these: it reads and writes members with today's columns (MemberColumns).
        registerNormalisedPasses(&migrator)
        registerAuditErasure(&migrator)
        registerEventsBeforeTheirRecord(&migrator)
        registerMemberPhotos(&migrator)
        registerGuests(&migrator)
        registerPassCredentials(&migrator)
        registerPassWebService(&migrator)
        registerGuestsInMemberIndex(&migrator)
        return migrator
    }

    /// v14's triggers: an event changes the visit it enters (on its own day) and the visit of
    /// the member's previous event by (time, eventId) if that is an entry, whose next event it
    /// becomes or stops being. Each drops the cached days, in any zone, holding either time, through the
    /// (dayStart) index (a local day lasts at most 25 hours); nothing at all before a report.
    static var reportDayTriggers: String {
        func drop(_ time: String) -> String {
            "DELETE FROM report_day WHERE dayStart > \(time) - 172800 AND dayStart <= \(time) AND dayEnd > \(time);"
        }
        /// The time of the member's entry or exit before (time, eventId), but for the row `except`,
        /// when that is an entry: a visit's exit, the usual case, begins no visit, so no day changes.
        /// Guests leaving end no visit: they are passed over.
        func previous(_ row: String, except: String? = nil) -> String {
            """
            (SELECT CASE kind WHEN '\(VisitEvent.Kind.entry.rawValue)' THEN time END FROM visit_event WHERE memberId = \(row).memberId AND kind != 'guestsLeft' AND (time, eventId) < (\(row).time, \(row).eventId)\(except.map { " AND id != \($0).id" } ?? "")
             ORDER BY time DESC, eventId DESC LIMIT 1)
            """
        }
        let inserted = [drop("NEW.time"), drop(previous("NEW"))]
        let deleted = [drop("OLD.time"), drop(previous("OLD"))]
        let updated = [drop("OLD.time"), drop(previous("OLD", except: "NEW")), drop("NEW.time"), drop(previous("NEW"))]
        return [("report_day_event_insert", "INSERT", inserted), ("report_day_event_delete", "DELETE", deleted),
                ("report_day_event_update", "UPDATE OF memberId, kind, time, exitKind, eventId", updated)].map { name, event, body in
            """
            CREATE TRIGGER \(name) AFTER \(event) ON visit_event WHEN EXISTS (SELECT 1 FROM report_day) BEGIN
                \(body.joined(separator: "\n    "))
            END;
            """
        }.joined(separator: "\n")
    }

    /// v5's triggers: a change to a member row or to one of its visit counters gives the member
    /// the next sequence number (one row per member), unless a sync merge has muted them.
    private static var memberChangeTriggers: String {
        [("member_change_insert", "INSERT", "member"), ("member_change_update", "UPDATE", "member"),
         ("member_change_counter_insert", "INSERT", "visit_counter"),
         ("member_change_counter_update", "UPDATE", "visit_counter")].map { name, event, table in
            """
            CREATE TRIGGER \(name) AFTER \(event) ON \(table)
            WHEN NOT EXISTS (SELECT 1 FROM member_change_muted) BEGIN
                UPDATE member_change SET seq = (SELECT max(seq) + 1 FROM member_change) WHERE memberId = NEW.memberId;
                INSERT INTO member_change(memberId, seq)
                SELECT NEW.memberId, (SELECT coalesce(max(seq), 0) + 1 FROM member_change)
                WHERE NOT EXISTS (SELECT 1 FROM member_change WHERE memberId = NEW.memberId);
            END;
            """
        }.joined(separator: "\n")
    }
}
