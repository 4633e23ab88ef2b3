import Foundation
import GRDB

/// SUN tags' read counters (`sun_counter`, one row per tag and desk: see `SecureCounterEntry`)
/// and the replays found when they merged (`sun_replay`). Migration `v15-sun-counters`.
extension AppDatabase {
    static func registerSecureCounters(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v15-sun-counters") { db in
            try db.execute(sql: """
                CREATE TABLE sun_counter (
                    uid TEXT NOT NULL,
                    terminalId TEXT NOT NULL,
                    counter INTEGER NOT NULL,
                    recent TEXT NOT NULL,
                    PRIMARY KEY (uid, terminalId)
                ) WITHOUT ROWID;
                CREATE TABLE sun_replay (
                    uid TEXT NOT NULL,
                    counter INTEGER NOT NULL,
                    terminals TEXT NOT NULL,
                    foundAt REAL NOT NULL,
                    PRIMARY KEY (uid, counter)
                ) WITHOUT ROWID;
                """)
        }
    }

    /// The entries this desk wrote (its own accepted reads): what its sun-counters.json holds.
    func ownSecureCounters(terminalId: String) throws -> [SecureCounterEntry] {
        try read { store in
            try store.secureCounterEntries(sql: "SELECT * FROM sun_counter WHERE terminalId = ? ORDER BY uid", [terminalId])
        }
    }

    /// Every entry, every desk's (tests and the three-desk property).
    package func allSecureCounters() throws -> [SecureCounterEntry] {
        try read { store in try store.secureCounterEntries(sql: "SELECT * FROM sun_counter ORDER BY uid, terminalId", []) }
    }

    /// The club's register for a tag: the highest counter any desk accepted (nil: never seen).
    package func lastSecureCounter(uid: String) throws -> UInt32? {
        try read { store in try store.lastSecureCounter(uid: uid) }
    }

    /// Merges another desk's entries by law; a read now seen accepted at two desks is recorded as
    /// a replay found at `time`. Returns how many entries changed and the replays found now.
    func mergeSecureCounters(_ entries: [SecureCounterEntry], at time: Double) throws -> (changed: Int, replays: [SecureReplay]) {
        try write { store in
            var changed = 0
            var found: [SecureReplay] = []
            for entry in entries {
                let held = try store.secureCounterEntries(sql: "SELECT * FROM sun_counter WHERE uid = ? AND terminalId = ?",
                                                          [entry.uid, entry.terminalId]).first
                let merged = held.map { $0.merged(with: entry) } ?? entry
                guard merged != held else { continue }
                try store.saveSecureCounter(merged)
                changed += 1
                found += try store.noteSharedReads(of: merged, at: time)
            }
            return (changed, found)
        }
    }

    /// Replays found so far, newest first.
    func secureReplays() throws -> [SecureReplay] {
        try read { store in
            try Row.fetchAll(store.db, sql: "SELECT * FROM sun_replay ORDER BY foundAt DESC, uid, counter").map {
                SecureReplay(uid: $0["uid"], counter: UInt32(clamping: $0["counter"] as Int64), terminals: ($0["terminals"] as String)
                    .split(separator: ",").map(String.init), foundAt: $0["foundAt"])
            }
        }
    }
}

extension StoreTransaction {
    func lastSecureCounter(uid: String) throws -> UInt32? {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT max(counter) FROM sun_counter WHERE uid = ?"), arguments: [uid])
            .map { UInt32(clamping: $0) }
    }

    /// A read this desk accepted (in the tap's transaction).
    func recordSecureRead(_ tap: SecureTap, terminalId: String) throws {
        let held = try secureCounterEntries(sql: "SELECT * FROM sun_counter WHERE uid = ? AND terminalId = ?", [tap.uid, terminalId]).first
        let entry = held?.adding(tap.counter) ?? SecureCounterEntry(uid: tap.uid, terminalId: terminalId, counter: tap.counter, recent: [tap.counter])
        try saveSecureCounter(entry)
    }

    fileprivate func saveSecureCounter(_ entry: SecureCounterEntry) throws {
        try db.execute(sql: """
            INSERT INTO sun_counter(uid, terminalId, counter, recent) VALUES (?, ?, ?, ?)
            ON CONFLICT(uid, terminalId) DO UPDATE SET counter = excluded.counter, recent = excluded.recent
            """, arguments: [entry.uid, entry.terminalId, Int64(entry.counter), entry.recentText])
    }

    /// Reads `entry`'s desk shares with another desk's entry for the tag: each a replay admitted.
    fileprivate func noteSharedReads(of entry: SecureCounterEntry, at time: Double) throws -> [SecureReplay] {
        let others = try secureCounterEntries(sql: "SELECT * FROM sun_counter WHERE uid = ? AND terminalId != ?", [entry.uid, entry.terminalId])
        var found: [SecureReplay] = []
        for other in others {
            for counter in entry.sharedReads(with: other) {
                let held = try String.fetchOne(db, sql: "SELECT terminals FROM sun_replay WHERE uid = ? AND counter = ?",
                                               arguments: [entry.uid, Int64(counter)])
                let desks = Set((held ?? "").split(separator: ",").map(String.init)).union([entry.terminalId, other.terminalId]).sorted()
                guard desks.joined(separator: ",") != held else { continue }
                try db.execute(sql: """
                    INSERT INTO sun_replay(uid, counter, terminals, foundAt) VALUES (?, ?, ?, ?)
                    ON CONFLICT(uid, counter) DO UPDATE SET terminals = excluded.terminals
                    """, arguments: [entry.uid, Int64(counter), desks.joined(separator: ","), time])
                if held == nil { found.append(SecureReplay(uid: entry.uid, counter: counter, terminals: desks, foundAt: time)) }
            }
        }
        return found
    }

    fileprivate func secureCounterEntries(sql: String, _ arguments: StatementArguments) throws -> [SecureCounterEntry] {
        try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments).map {
            SecureCounterEntry(uid: $0["uid"], terminalId: $0["terminalId"], counter: UInt32(clamping: $0["counter"] as Int64),
                               recent: SecureCounterEntry.recent(parsing: $0["recent"]))
        }
    }
}
