import Foundation
import GRDB
import MemberDeskTestSupport
import Testing
@testable import MemberKit

/// Member files and the side files beside them (operators, audit, SUN counters, wallet claims)
/// share one seen-table, `sync_file`: an upgrade moves the side files' rows there, and a rescan
/// that lists a desk's member files keeps the side files' rows (they are not read again).
@Suite struct OneSeenTableTests {
    @Test func anUpgradeMovesTheSideFilesRowsIntoTheOneTable() throws {
        let queue = try AppDatabase.inMemoryQueue()
        try AppDatabase.migrator.migrate(queue, upTo: "v15-folder-audit-sync-keys")
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO staff_sync_file(terminalId, name, size, mtime, error) VALUES ('DA', 'staff.json', 120, 1000.5, NULL);
                INSERT INTO staff_sync_file(terminalId, name, size, mtime, error) VALUES ('DB', 'audit-1.jsonl', 80, 2000, 'bad line 3');
                """)
        }
        let database = try AppDatabase.wrapping(queue)
        let staff = try #require(try database.syncFile(terminalId: "DA", name: "staff.json"))
        #expect(staff.size == 120 && staff.mtime == 1000.5 && staff.error == nil)
        #expect(try database.syncFile(terminalId: "DB", name: "audit-1.jsonl")?.error == "bad line 3")
        let tables = try database.read { store in try String.fetchAll(store.db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'") }
        #expect(!tables.contains("staff_sync_file"))
    }

    @Test func aRescanKeepsTheSideFilesRowsAndDoesNotReadThemAgain() throws {
        let desks = try TwoSyncDesks(folderPrefix: "one-seen-table", settings: ClubSettings())
        try desks.a.club.addStaff(name: "Mia", role: .desk, pin: PIN("4821"), hasher: FakePINHasher(), by: .cli(user: "x"))
        _ = try desks.a.club.checkIn(passId: "04000001", source: .nfc)
        _ = try desks.syncA.pass()
        _ = try desks.syncB.pass()
        let seen = try desks.b.database.syncFiles(terminalId: "DA")
        #expect(seen.keys.contains("staff.json"), "the side file is in the one seen-table")
        #expect(seen.keys.contains { SyncFileName(parsing: $0) != nil }, "beside the member files")
        let readAt = try #require(seen["staff.json"]?.readAt)

        // A full rescan lists DA's member files and forgets those gone; the side file stays seen.
        desks.clock.advance(by: 60)
        _ = try desks.syncB.pass()
        #expect(try desks.b.database.syncFile(terminalId: "DA", name: "staff.json")?.readAt == readAt)
    }
}
