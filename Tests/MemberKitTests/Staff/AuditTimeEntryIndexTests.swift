import Foundation
import GRDB
import MemberDeskTestSupport
import Testing
@testable import MemberKit

/// `v16-audit-time-entry`: one unique index on (time, entryId) where the unique `entryId` and
/// `audit_time` were. An upgrade keeps every entry and its row number, the record stays
/// append-only, and an entry read again is still added once.
@Suite struct AuditTimeEntryIndexTests {
    @Test func anUpgradeKeepsEveryEntryAndTheRecordStaysAppendOnly() throws {
        let queue = try AppDatabase.inMemoryQueue()
        try AppDatabase.migrator.migrate(queue, upTo: "v15-folder-audit-sync-keys")
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO audit(id, entryId, time, deskId, desk, operator, method, action, memberId, detail)
                VALUES (7, 'legacy-uuid-1', 1000.5, 'DA', 'Front', 'Mia', 'cli', 'export', NULL, '{"file":"a.csv"}'),
                       (9, '0000000f4628-B', 1001.0, 'DB', 'Back', NULL, 'tap', 'visit', 'M1', '{"pass":"04A1"}');
                """)
        }
        try AppDatabase.migrator.migrate(queue)
        let database = try AppDatabase.wrapping(queue)
        let entries = try database.auditEntries(AuditQuery())
        #expect(entries.map(\.entryId) == ["legacy-uuid-1", "0000000f4628-B"])
        #expect(entries.map(\.detail) == [["file": "a.csv"], ["pass": "04A1"]])
        #expect(entries.last?.memberId == "M1" && entries.first?.operator == "Mia")
        let rows = try queue.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM audit ORDER BY id") }
        #expect(rows == [7, 9], "row numbers are what sync writes by")
        let indexes = try queue.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'audit' ORDER BY name")
        }
        #expect(indexes == ["audit_time_entry"], "one index: audit_member went in v17")
        try queue.write { db in
            #expect(throws: DatabaseError.self) { try db.execute(sql: "UPDATE audit SET operator = 'Bo'") }
            #expect(throws: DatabaseError.self) { try db.execute(sql: "DELETE FROM audit") }
        }
        #expect(try database.pruneAudit(before: 1001) == 1)
        #expect(try database.auditCount() == 1)
    }

    @Test func anEntryReadAgainIsAddedOnce() throws {
        let database = try AppDatabase.inMemory()
        let entry = AuditEntry.made(.export, by: .anonymous(.cli), at: TerminalIdentity(id: "DA", name: "Front"),
                                    detail: ["file": "a.csv"], time: 1_800_000_000.25)
        try database.record(entry)
        try database.record(entry)
        #expect(try database.auditEntries(AuditQuery()).map(\.entryId) == [entry.entryId])
        // The --since query and the desk's newest read by time.
        #expect(try database.auditEntries(AuditQuery(since: 1_800_000_000.25)).count == 1)
        #expect(try database.auditEntries(AuditQuery(since: 1_800_000_000.5)).isEmpty)
        #expect(try database.auditEntries(AuditQuery(newest: 1)).map(\.entryId) == [entry.entryId])
    }
}
