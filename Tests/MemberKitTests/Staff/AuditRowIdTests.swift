import Foundation
import GRDB
import MemberDeskTestSupport
@_spi(Testing) @testable import MemberKit
import Testing

/// `v18-audit-rows-in-time`: a row's number says its millisecond (`AuditRowId`), and the record
/// is one b-tree with no index. An upgrade keeps every entry in time order and moves the sync
/// writer's mark; an entry read again is added once; time reads stay exact; an entry written
/// after the clock stepped back still goes out to the other desks.
@Suite struct AuditRowIdTests {
    let front = TerminalIdentity(id: "DA", name: "Front")

    func entry(_ id: String, at time: Double, desk: TerminalIdentity? = nil) -> AuditEntry {
        let desk = desk ?? front
        return AuditEntry(entryId: id, time: time, deskId: desk.id, desk: desk.name, operator: nil, method: .cli, action: .export)
    }

    func rows(_ queue: some DatabaseReader) throws -> [Int64] {
        try queue.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM audit ORDER BY id") }
    }

    @Test func anUpgradeKeepsEveryEntryInTimeOrderAndTheRecordStaysAppendOnly() throws {
        let queue = try AppDatabase.inMemoryQueue()
        try AppDatabase.migrator.migrate(queue, upTo: "v15-folder-audit-sync-keys")
        try queue.write { db in
            // Row 9 was written before row 8's time (another desk's entry, merged late), and two share a millisecond.
            try db.execute(sql: """
                INSERT INTO audit(id, entryId, time, deskId, desk, operator, method, action, memberId, detail)
                VALUES (7, 'legacy-uuid-1', 1000.5, 'DA', 'Front', 'Mia', 'cli', 'export', NULL, '{"file":"a.csv"}'),
                       (8, '0000000f4628-B', 1001.0, 'DB', 'Back', NULL, 'tap', 'visit', 'M1', '{"pass":"04A1"}'),
                       (9, '0000000f4628-C', 1000.5002, 'DB', 'Back', NULL, 'tap', 'visit', 'M2', '{"pass":"04A2"}');
                """)
        }
        try AppDatabase.migrator.migrate(queue)
        let database = try AppDatabase.wrapping(queue)
        let entries = try database.auditEntries(AuditQuery())
        #expect(entries.map(\.entryId) == ["legacy-uuid-1", "0000000f4628-C", "0000000f4628-B"])
        #expect(entries.map(\.detail) == [["file": "a.csv"], ["pass": "04A2"], ["pass": "04A1"]])
        #expect(entries.first?.operator == "Mia" && entries.last?.memberId == "M1")
        let ms = AuditRowId.perMillisecond
        #expect(try rows(queue) == [1_000_500 * ms, 1_000_500 * ms + 1, 1_001_000 * ms], "a millisecond's entries side by side")
        let indexes = try queue.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'audit'")
        }
        #expect(indexes.isEmpty, "the rows are the record's one b-tree")
        try queue.write { db in
            #expect(throws: DatabaseError.self) { try db.execute(sql: "UPDATE audit SET operator = 'Bo'") }
            #expect(throws: DatabaseError.self) { try db.execute(sql: "DELETE FROM audit") }
        }
        #expect(try database.pruneAudit(before: 1001) == 2)
        #expect(try database.auditEntries(AuditQuery()).map(\.entryId) == ["0000000f4628-B"])
    }

    @Test func anUpgradeMovesTheSyncMarkBelowTheFirstEntryNotYetWritten() throws {
        func upgrade(mark: Int64) throws -> (mark: String?, rows: [Int64]) {
            let queue = try AppDatabase.inMemoryQueue()
            try AppDatabase.migrator.migrate(queue, upTo: "v17-audit-no-member-index")
            try queue.write { db in
                // This desk's rows 1-3, row 2 written after its clock stepped back; row 4 another desk's.
                try db.execute(sql: """
                    INSERT INTO terminal_setting(key, value) VALUES ('terminalId', 'DA'), ('sync.auditFolder', '/srv/sync'), ('sync.auditThrough', ?);
                    INSERT INTO audit(id, entryId, time, deskId, desk, method, action)
                    VALUES (1, 'a1', 100, 'DA', 'Front', 'cli', 'export'), (2, 'a2', 50, 'DA', 'Front', 'cli', 'export'),
                           (3, 'a3', 200, 'DA', 'Front', 'cli', 'export'), (4, 'b1', 300, 'DB', 'Back', 'cli', 'export');
                    """, arguments: [String(mark)])
            }
            try AppDatabase.migrator.migrate(queue)
            #expect(try queue.read { db in try String.fetchOne(db, sql: "SELECT value FROM terminal_setting WHERE key = 'sync.auditDesk'") } == "DA")
            return (try queue.read { db in try String.fetchOne(db, sql: "SELECT value FROM terminal_setting WHERE key = 'sync.auditThrough'") },
                    try rows(queue))
        }
        let ms = AuditRowId.perMillisecond
        // Rows 1 and 2 written: row 3 (at 200 s) is the first not yet written.
        #expect(try upgrade(mark: 2) == (String(200_000 * ms - 1), [50_000 * ms, 100_000 * ms, 200_000 * ms, 300_000 * ms]))
        // Row 1 written: row 2, now the earliest of all, goes out again with everything after it.
        #expect(try upgrade(mark: 1).mark == String(50_000 * ms - 1))
        // All written: the mark is the newest of this desk's rows, not another desk's.
        #expect(try upgrade(mark: 3).mark == String(200_000 * ms))
    }

    @Test func anEntryReadAgainIsAddedOnce() throws {
        let database = try AppDatabase.inMemory()
        let entry = AuditEntry.made(.export, by: .anonymous(.cli), at: front, detail: ["file": "a.csv"], time: 1_800_000_000.25,
                                    ids: .random)
        try database.record(entry)
        try database.record(entry)
        #expect(try database.auditEntries(AuditQuery()).map(\.entryId) == [entry.entryId])
        // Read again after newer entries, as a late sync file is: still once.
        try database.record(self.entry("later", at: 1_800_000_100))
        #expect(try database.mergeAuditEntries([entry, self.entry("between", at: 1_800_000_000.25, desk: TerminalIdentity(id: "DB", name: "Back"))]) == 1)
        #expect(try database.auditEntries(AuditQuery()).map(\.entryId) == [entry.entryId, "between", "later"])
        #expect(try database.auditEntries(AuditQuery(since: 1_800_000_000.25)).count == 3)
        #expect(try database.auditEntries(AuditQuery(since: 1_800_000_000.5)).map(\.entryId) == ["later"])
    }

    @Test func theNewestAreByTimeWithinAMillisecondToo() throws {
        let database = try AppDatabase.inMemory()
        // One millisecond's entries arrive out of time order (a late sync file): rows say arrival, time says order.
        _ = try database.mergeAuditEntries([entry("c", at: 500.0009), entry("a", at: 500.0001), entry("b", at: 500.0005)])
        try database.record(entry("older", at: 499))
        #expect(try database.auditEntries(AuditQuery()).map(\.entryId) == ["older", "a", "b", "c"])
        #expect(try database.auditEntries(AuditQuery(newest: 2)).map(\.entryId) == ["b", "c"])
        #expect(try database.auditEntries(AuditQuery(newest: 4)).map(\.entryId) == ["older", "a", "b", "c"])
        #expect(try database.auditEntries(AuditQuery(newest: 9)).count == 4)
        #expect(try database.auditEntries(AuditQuery(action: .export, newest: 1)).map(\.entryId) == ["c"])
        #expect(try database.auditEntries(AuditQuery(since: 500.0005)).map(\.entryId) == ["b", "c"])
        #expect(try database.auditEntries(AuditQuery(newest: 0)).isEmpty)
    }

    @Test func aMillisecondWithNoRoomLeftRefusesTheFileAndChangesNothing() throws {
        let database = try AppDatabase.inMemory()
        try database.write { store in
            try store.db.execute(sql: """
                INSERT INTO audit(id, entryId, time, deskId, desk, method, action) VALUES (?, 'full', 7, 'DB', 'Back', 'cli', 'export')
                """, arguments: [AuditRowId.last(at: 7)])
        }
        #expect(throws: DeskError.self) { try database.mergeAuditEntries([entry("fine", at: 8), entry("no-room", at: 7.0004)]) }
        #expect(try database.auditEntries(AuditQuery()).map(\.entryId) == ["full"])
        // Times a file may claim beyond the row numbers share the last millisecond, in order.
        _ = try database.mergeAuditEntries([entry("far", at: 1e300), entry("farther", at: .greatestFiniteMagnitude), entry("past", at: -1e300)])
        #expect(try database.auditEntries(AuditQuery()).map(\.entryId) == ["past", "full", "far", "farther"])
    }

    @Test("a sync file that brings an entry to a full millisecond is a bad file, and the pass goes on")
    func aFullMillisecondIsABadFileAtSync() throws {
        let desks = try TwoSyncDesks(folderPrefix: "audit-full", settings: ClubSettings())
        let time = desks.clock.now().timeIntervalSince1970
        try desks.b.database.write { store in
            try store.db.execute(sql: """
                INSERT INTO audit(id, entryId, time, deskId, desk, method, action) VALUES (?, 'full', ?, 'DC', 'Side', 'cli', 'export')
                """, arguments: [AuditRowId.last(at: time), time])
        }
        try desks.a.club.record(.export, by: .cli(user: "x"))
        _ = try desks.a.club.checkIn(passId: "04000001", source: .nfc)
        _ = try desks.syncA.pass()
        let pass = try desks.syncB.pass()
        #expect(pass.read.errors.count == 1 && pass.read.errors[0].contains("audit-") && pass.read.errors[0].contains("one millisecond"))
        #expect(try desks.b.database.auditEntries(AuditQuery()).map(\.entryId) == ["full"], "none of the file's entries")
        #expect(try desks.b.database.member(idOrPass: "04000001") != nil, "the member files are merged all the same")
    }

    @Test("an entry written after the clock stepped back still reaches the other desk")
    func anEntryBehindTheMarkGoesOut() throws {
        let desks = try TwoSyncDesks(folderPrefix: "audit-rows", settings: ClubSettings())
        let cli = AuditActor.cli(user: "x")
        try desks.a.club.record(.export, by: cli)
        _ = try desks.syncA.pass()
        let mark = try #require(try desks.a.database.setting(AuditFileSync.throughKey))
        desks.clock.advance(by: -3600)
        try desks.a.club.record(.export, by: cli)
        #expect(try desks.a.database.setting(AuditFileSync.throughKey) != mark, "the mark moved below the new entry")
        _ = try desks.syncA.pass()
        _ = try desks.syncB.pass()
        #expect(try desks.b.database.auditEntries(AuditQuery()).filter { $0.deskId == desks.a.club.terminal.id }.count == 2)
        #expect(try desks.b.database.auditEntries(AuditQuery()) == desks.a.database.auditEntries(AuditQuery()))
        // The mark is back at the newest of the desk's rows: nothing is left to write.
        let newest = try desks.a.database.read { store in try Int64.fetchOne(store.db, sql: "SELECT max(id) FROM audit WHERE deskId = 'DA'") }
        #expect(try desks.a.database.setting(AuditFileSync.throughKey) == newest.map(String.init))
    }
}
