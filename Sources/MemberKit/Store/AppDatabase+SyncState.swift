import Foundation
import GRDB

extension AppDatabase {
    // MARK: this terminal's writer

    package func syncWriterState() throws -> SyncWriterState {
        try read { store in
            let rows = try Row.fetchAll(store.db.cachedStatement(sql: "SELECT key, value FROM terminal_setting WHERE key LIKE 'sync.%'"))
            let values = Dictionary(rows.map { ($0["key"] as String, $0["value"] as String) }, uniquingKeysWith: { a, _ in a })
            var state = SyncWriterState(folder: values["sync.folder"],
                                        writtenThrough: values["sync.writtenThrough"].flatMap { Int64($0) } ?? 0,
                                        snapshotThrough: values["sync.snapshotThrough"].flatMap { Int64($0) } ?? 0,
                                        snapshotAt: values["sync.snapshotAt"].flatMap { Double($0) },
                                        writer: values["sync.writer"], stopped: values["sync.stopped"])
            state.snapshotBytes = values["sync.snapshotBytes"].flatMap { Int64($0) } ?? 0
            state.changesBytes = values["sync.changesBytes"].flatMap { Int64($0) } ?? 0
            state.olderChangesBytes = values["sync.olderChangesBytes"].flatMap { Int64($0) } ?? 0
            return state
        }
    }

    package func setSyncWriterState(_ state: SyncWriterState) throws {
        try write { store in
            let db = store.db
            let values: [(String, String?)] = [
                ("sync.folder", state.folder), ("sync.writtenThrough", String(state.writtenThrough)),
                ("sync.snapshotThrough", String(state.snapshotThrough)), ("sync.snapshotAt", state.snapshotAt.map { String($0) }),
                ("sync.writer", state.writer), ("sync.stopped", state.stopped),
                ("sync.snapshotBytes", String(state.snapshotBytes)), ("sync.changesBytes", String(state.changesBytes)),
                ("sync.olderChangesBytes", String(state.olderChangesBytes)),
            ]
            for (key, value) in values {
                if let value {
                    try db.execute(sql: """
                        INSERT INTO terminal_setting(key, value) VALUES (?, ?)
                        ON CONFLICT(key) DO UPDATE SET value = excluded.value
                        """, arguments: [key, value])
                } else {
                    try db.execute(sql: "DELETE FROM terminal_setting WHERE key = ?", arguments: [key])
                }
            }
        }
    }

    // MARK: what was read from the others

    func syncFiles(terminalId: String) throws -> [String: SyncFileRecord] {
        try read { store in
            var files: [String: SyncFileRecord] = [:]
            for row in try Row.fetchAll(store.db.cachedStatement(sql: """
                SELECT name, size, mtime, readAt, error FROM sync_file WHERE terminalId = ?
                """), arguments: [terminalId]) {
                let name: String = row["name"]
                files[name] = SyncFileRecord(terminalId: terminalId, name: name, size: row["size"], mtime: row["mtime"],
                                             readAt: row["readAt"], error: row["error"])
            }
            return files
        }
    }

    /// Of `terminalId`'s files, only those named (what inotify named: no reading of the whole list).
    func syncFiles(terminalId: String, names: Set<String>) throws -> [String: SyncFileRecord] {
        try read { store in
            var files: [String: SyncFileRecord] = [:]
            let statement = try store.db.cachedStatement(sql: "SELECT size, mtime, readAt, error FROM sync_file WHERE terminalId = ? AND name = ?")
            for name in names {
                guard let row = try Row.fetchOne(statement, arguments: [terminalId, name]) else { continue }
                files[name] = SyncFileRecord(terminalId: terminalId, name: name, size: row["size"], mtime: row["mtime"],
                                             readAt: row["readAt"], error: row["error"])
            }
            return files
        }
    }

    /// Every file found bad and not since repaired.
    public func badSyncFiles() throws -> [SyncFileRecord] {
        try read { store in
            try Row.fetchAll(store.db, sql: """
                SELECT terminalId, name, size, mtime, readAt, error FROM sync_file WHERE error IS NOT NULL
                ORDER BY terminalId, name
                """).map {
                SyncFileRecord(terminalId: $0["terminalId"], name: $0["name"], size: $0["size"], mtime: $0["mtime"],
                               readAt: $0["readAt"], error: $0["error"])
            }
        }
    }

    /// Records a file as read (or bad), and the terminal's progress, without merging anything.
    func noteSyncFile(_ file: SyncFileRecord, coveredThrough: Int64? = nil) throws {
        try write { store in try Self.noteSyncFile(store.db, file, coveredThrough: coveredThrough) }
    }

    /// A file of another desk as last read (a member file or a side file), nil if never.
    func syncFile(terminalId: String, name: String) throws -> SyncFileRecord? {
        try syncFiles(terminalId: terminalId, names: [name])[name]
    }

    /// Forgets member files no longer in the folder (a snapshot replaced them); the side files
    /// beside them (`DeskSideFile`) keep their rows.
    func forgetSyncFiles(terminalId: String, keeping names: Set<String>) throws {
        let known = try syncFiles(terminalId: terminalId).keys.filter { !names.contains($0) && SyncFileName(parsing: $0) != nil }
        guard !known.isEmpty else { return }
        try write { store in
            for name in known {
                try store.db.execute(sql: "DELETE FROM sync_file WHERE terminalId = ? AND name = ?", arguments: [terminalId, name])
            }
        }
    }

    func syncTerminals() throws -> [SyncTerminalRecord] {
        // Read several times in every sync pass, a row per desk: a cached statement, and columns
        // by position (a lookup by name per column per row was most of its cost).
        try read { store in
            try Row.fetchAll(store.db.cachedStatement(sql: """
                SELECT terminalId, name, coveredThrough, lastFileTime, files, lastError, retiredBy, retiredThrough
                FROM sync_terminal ORDER BY terminalId
                """)).map {
                SyncTerminalRecord(terminalId: $0[0], name: $0[1], coveredThrough: $0[2], lastFileTime: $0[3], files: $0[4],
                                   lastError: $0[5], retiredBy: $0[6], retiredThrough: $0[7])
            }
        }
    }

    /// Records that this terminal holds each terminal's changes up to the number given (learnt
    /// from a snapshot that held them), so that files at or below it need no reading. Never lowers one.
    package func raiseSyncCoverage(_ coverage: [String: Int64]) throws {
        guard !coverage.isEmpty else { return }
        try write { store in
            for (terminalId, through) in coverage {
                try Self.ensureSyncTerminal(store.db, terminalId)
                try store.db.execute(sql: "UPDATE sync_terminal SET coveredThrough = max(coveredThrough, ?) WHERE terminalId = ?",
                                     arguments: [through, terminalId])
            }
        }
    }

    // MARK: authors, retired desks

    /// Marks `terminalId` retired, taken over by `taker` as far as it is held here. Idempotent; a
    /// takeover already recorded is kept (the first taker carries it).
    @discardableResult
    func retireSyncTerminal(_ terminalId: String, by taker: String) throws -> SyncTerminalRecord {
        try write { store in
            try Self.ensureSyncTerminal(store.db, terminalId)
            try store.db.execute(sql: """
                UPDATE sync_terminal SET retiredBy = ?, retiredThrough = coveredThrough, lastError = NULL WHERE terminalId = ? AND retiredBy IS NULL
                """, arguments: [taker, terminalId])
        }
        return try syncTerminals().first { $0.terminalId == terminalId }!
    }

    /// Another desk's `desk.json` says it took these desks over: they are retired, carried by it.
    /// A taker that came to hold more of one (its late files, read since) raises how far: its
    /// subfolder may go only once the desks hold that much. A taker this desk (`own`) took over
    /// itself hands them on: this desk carries them too, so none rests on the taker's snapshots alone.
    func noteSyncTakeovers(_ retired: [String: Int64], by taker: String, own: String) throws {
        guard !retired.isEmpty else { return }
        try write { store in
            for (terminalId, through) in retired {
                try Self.ensureSyncTerminal(store.db, terminalId)
                try store.db.execute(sql: """
                    UPDATE sync_terminal SET retiredBy = ?, retiredThrough = ?, lastError = NULL WHERE terminalId = ? AND retiredBy IS NULL
                    """, arguments: [taker, through, terminalId])
                try store.db.execute(sql: """
                    UPDATE sync_terminal SET retiredThrough = ?2 WHERE terminalId = ?3 AND retiredBy = ?1 AND retiredThrough < ?2
                    """, arguments: [taker, through, terminalId])
                try store.db.execute(sql: """
                    UPDATE sync_terminal SET retiredBy = ?3 WHERE terminalId = ?2 AND retiredBy = ?1
                    AND EXISTS (SELECT 1 FROM sync_terminal WHERE terminalId = ?1 AND retiredBy = ?3)
                    """, arguments: [taker, terminalId, own])
            }
        }
    }

    /// Members whose author (or a counter's terminal) is `terminalId`: what its files carried.
    func membersAuthored(by terminalId: String) throws -> Int {
        try read { store in
            try Int.fetchOne(store.db, sql: """
                SELECT count(*) FROM member m WHERE m.modifiedBy = ?1
                OR m.memberId IN (SELECT memberId FROM visit_counter WHERE terminalId = ?1)
                """, arguments: [terminalId]) ?? 0
        }
    }

    /// What a folder scan saw of a terminal: its name, its newest file's time, its file count, its latest error.
    func noteSyncTerminal(_ terminalId: String, name: String?, lastFileTime: Double?, files: Int, lastError: String?) throws {
        try write { store in
            try Self.ensureSyncTerminal(store.db, terminalId)
            try store.db.cachedStatement(sql: """
                UPDATE sync_terminal SET name = coalesce(?, name), lastFileTime = ?, files = ?, lastError = ?
                WHERE terminalId = ?
                """).execute(arguments: [name, lastFileTime, files, lastError, terminalId])
        }
    }

    private static func ensureSyncTerminal(_ db: Database, _ terminalId: String) throws {
        try db.cachedStatement(sql: "INSERT OR IGNORE INTO sync_terminal(terminalId) VALUES (?)").execute(arguments: [terminalId])
    }

    private static func noteSyncFile(_ db: Database, _ file: SyncFileRecord, coveredThrough: Int64?) throws {
        // Cached, like the other statements of every sync pass: compiling them cost more than running them.
        try db.cachedStatement(sql: """
            INSERT OR REPLACE INTO sync_file(terminalId, name, size, mtime, readAt, error) VALUES (?, ?, ?, ?, ?, ?)
            """).execute(arguments: [file.terminalId, file.name, file.size, file.mtime, file.readAt, file.error])
        if let coveredThrough {
            try ensureSyncTerminal(db, file.terminalId)
            try db.cachedStatement(sql: "UPDATE sync_terminal SET coveredThrough = max(coveredThrough, ?) WHERE terminalId = ?")
                .execute(arguments: [coveredThrough, file.terminalId])
        }
    }

    // MARK: merging

    /// Merges another terminal's members, `chunk` at a time, each chunk in its own short
    /// transaction so that check-ins never wait long for the write lock. Changes merged here are
    /// not recorded as this terminal's own (their author's files carry them). The last transaction
    /// also records `file` as read, so a restart does not read it again. Merging is idempotent, so
    /// a crash between chunks only means the file is read again. `committing` runs inside each
    /// chunk's transaction with what that chunk merged (the sync reader queues its MQTT count there).
    package func mergeSyncMembers(_ next: () throws -> ExchangeMember?, chunk: Int, editor: String, time: Double,
                                  calendar: Calendar = .gregorianUTC, file: SyncFileRecord, coveredThrough: Int64?) throws -> MergeCounts {
        try mergeSyncMembers(next, chunk: chunk, editor: editor, time: time, calendar: calendar, file: file,
                             coveredThrough: coveredThrough) { _, _ in }
    }

    func mergeSyncMembers(_ next: () throws -> ExchangeMember?, chunk: Int, editor: String, time: Double,
                          calendar: Calendar, file: SyncFileRecord, coveredThrough: Int64?,
                          committing: (StoreTransaction, MergeCounts) throws -> Void) throws -> MergeCounts {
        var total = MergeCounts()
        var finished = false
        while !finished {
            // The first statement writes, so the transaction takes the write lock at once.
            try write { store in
                let db = store.db
                try db.execute(sql: "INSERT INTO member_change_muted(muted) VALUES (1)")
                var engine = MergeEngine(store: store, changeLimit: 0, editor: (editor, time), calendar: calendar)
                var merged = 0
                while merged < chunk {
                    guard let member = try next() else {
                        finished = true
                        break
                    }
                    try engine.merge(member)
                    merged += 1
                }
                try db.execute(sql: "DELETE FROM member_change_muted")
                try committing(store, engine.counts)
                total.add(engine.counts)
                if finished { try Self.noteSyncFile(db, file, coveredThrough: coveredThrough) }
            }
        }
        return total
    }
}
