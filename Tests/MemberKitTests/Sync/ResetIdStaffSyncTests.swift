import FolderSync
import Foundation
import GRDB
import MemberDeskTestSupport
@_spi(Testing) @testable import MemberKit
import Testing

/// `sync reset-id` and what travels beside the member files: operators and the audit record stay
/// the same on both desks through a restore from a backup, the stop it causes and the new id.
@Suite("sync reset-id: operators and the audit record")
struct ResetIdStaffSyncTests {
    let hasher = FakePINHasher()
    let cli = AuditActor.cli(user: "x")

    /// Desk A's backup restored by hand, stopped, given the new id DN by `reset-id`; operators and
    /// audit entries made at both desks, before the backup, after it, and after the reset; synced.
    private func restoredAndReset() throws -> (desks: TwoSyncDesks, renamed: SyncTestTerminal, sync: DeskSync) {
        let desks = try TwoSyncDesks(folderPrefix: "reset-id-staff", settings: ClubSettings())
        let a = desks.a, b = desks.b
        try a.club.addStaff(name: "Mia", role: .desk, pin: PIN("4821"), hasher: hasher, by: cli)
        _ = try a.club.checkIn(passId: "04000001", source: .nfc)
        _ = try desks.syncA.pass()
        _ = try desks.syncB.pass()
        let backup = try a.copy()
        // After the backup, Mia gets a card and a member is tapped in: the folder and desk B have both.
        desks.clock.advance(by: 60)
        try a.club.setStaffCard(name: "Mia", card: "04AABBCC", by: cli)
        _ = try a.club.checkIn(passId: "04000002", source: .nfc)
        _ = try desks.syncA.pass()
        _ = try desks.syncB.pass()
        // Desk A's machine dies and its backup comes back under DA: its writer finds it is behind
        // its own files and stops; its watcher's reading passes go on meanwhile.
        desks.clock.advance(by: 60)
        let restored = DeskSync(database: backup.database, files: LocalSyncFolderFiles(), settings: SyncSettings(folder: desks.folder),
                                terminal: backup.club.terminal, clock: desks.clock)
        #expect(throws: SyncError.self) { try restored.pass() }
        _ = try restored.pass(write: false)
        // reset-id: a new id, and none of the old id's marks.
        let reset = try backup.database.resetTerminalId(from: "DA", to: "DN")
        #expect(reset.newTerminalId == "DN")
        #expect(try backup.database.setting(AuditFileSync.folderKey) == nil)
        #expect(try backup.database.setting(AuditFileSync.throughKey) == nil)
        let renamed = try SyncTestTerminal(id: "DN", clock: desks.clock, database: backup.database)
        let syncN = DeskSync(database: renamed.database, files: LocalSyncFolderFiles(), settings: SyncSettings(folder: desks.folder),
                             terminal: renamed.club.terminal, clock: desks.clock)
        // Work goes on at both desks.
        desks.clock.advance(by: 60)
        try renamed.club.addStaff(name: "Bo", role: .manager, pin: PIN("1234"), hasher: hasher, by: cli)
        try renamed.club.record(.export, by: cli)
        try b.club.addStaff(name: "Ada", role: .desk, pin: PIN("5678"), hasher: hasher, by: cli)
        for _ in 0..<2 {
            _ = try syncN.pass()
            _ = try desks.syncB.pass()
        }
        return (desks, renamed, syncN)
    }

    @Test("a desk restored from a backup, stopped and given a new id ends with the other desk's operators and audit record")
    func restoredDeskAgrees() throws {
        let (desks, renamed, _) = try restoredAndReset()
        let b = desks.b
        #expect(try StaffSyncWorld.state(renamed) == StaffSyncWorld.state(b))
        #expect(try renamed.database.staff().map(\.name).sorted() == ["Ada", "Bo", "Mia"])
        // The change made after the backup came back to the restored desk from DA's files.
        #expect(try renamed.database.staff().first { $0.name == "Mia" }?.card == "04AABBCC")
        #expect(try renamed.database.auditCount() == b.database.auditCount())
        #expect(try FileManager.default.contentsOfDirectory(atPath: desks.folder + "/DN").contains { $0.hasPrefix("audit-") })
    }

    /// The old id, once retired by the desk that took the new one, is carried by it: its operator
    /// versions (Mia's card) and audit entries outlive its subfolder, and a desk joining later agrees.
    @Test("the old id retired and its subfolder deleted once status says so, a desk joining later has its operators and audit record")
    func oldIdCarriedOnceRetired() throws {
        let (desks, renamed, syncN) = try restoredAndReset()
        _ = try syncN.retire("DA")
        for _ in 0..<2 {
            _ = try syncN.pass()
            _ = try desks.syncB.pass()
        }
        let joiner = try desks.joinAfterDeleting(retired: "DA", once: [syncN, desks.syncB])
        #expect(try StaffSyncWorld.state(joiner) == StaffSyncWorld.state(desks.b))
        #expect(try StaffSyncWorld.state(joiner) == StaffSyncWorld.state(renamed))
        #expect(try joiner.database.staff().first { $0.name == "Mia" }?.card == "04AABBCC")
    }

    @Test func anUpgradedDatabaseKeepsItsAuditMarksUnderTheSyncKeys() throws {
        let queue = try AppDatabase.inMemoryQueue()
        try AppDatabase.migrator.migrate(queue, upTo: "v15-tappages-visit-in-entry")
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO terminal_setting(key, value) VALUES ('syncAuditFolder', '/srv/sync'), ('syncAuditThrough', '42');
                """)
        }
        let database = try AppDatabase.wrapping(queue)
        #expect(try database.setting(AuditFileSync.folderKey) == "/srv/sync")
        // v18 numbers the record's rows by time and moves the mark with them: no entry of this desk is held.
        #expect(try database.setting(AuditFileSync.throughKey) == "0")
        #expect(try database.setting("syncAuditThrough") == nil)
    }
}
