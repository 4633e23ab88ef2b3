import FolderSync
import Foundation
import GRDB
import MemberDeskTestSupport
import Testing
@testable import MemberKit

/// A desk restored from a backup becomes a new desk (`renewIdentityAfterRestore`): it counts under
/// a new terminal id, reads back what its earlier self wrote after the backup, carries it, and
/// every desk counts the earlier self as retired. Issue #45 item 5, at the store's level.
@Suite("A restored desk")
struct RestoredDeskSyncTests {
    private static let george = "04000001"

    /// Both desks' George: the visits counted, the visits listed, and whether he is inside.
    private func george(_ terminal: SyncTestTerminal) throws -> (count: Int, listed: Int, inside: Bool?, latest: String?) {
        let member = try #require(try terminal.database.member(idOrPass: Self.george))
        let presence = try terminal.database.read { try $0.presence(memberId: member.memberId) }
        return (member.numVisits, try terminal.database.visitSpans(memberId: member.memberId).count, presence?.inside, presence?.terminalId)
    }

    /// Desks A and B; George visits twice at A, the desks sync, A's backup is taken, George visits
    /// at 08:00 (synced), and A is restored from the backup as a new desk DN.
    private func restoredAfterAVisit() throws -> (desks: TwoSyncDesks, restored: SyncTestTerminal, sync: DeskSync, identity: RestoredIdentity) {
        let desks = try TwoSyncDesks(folderPrefix: "restored-desk", settings: ClubSettings())
        try desks.a.database.setStoreSetting("terminalId", "DA")  // as a desk's first run stores it
        for _ in 0..<2 {
            desks.clock.advance(by: 1800)
            _ = try desks.a.club.checkIn(passId: Self.george, source: .nfc)
        }
        _ = try desks.syncA.pass()
        _ = try desks.syncB.pass()
        let backup = try desks.a.database.inMemoryCopy()
        desks.clock.advance(by: 3600)
        _ = try desks.a.club.checkIn(passId: Self.george, source: .nfc)
        _ = try desks.syncA.pass()
        _ = try desks.syncB.pass()
        // The desk stops (its watcher writes what is pending), and its backup comes back.
        _ = try desks.syncA.pass(write: true, read: false)
        desks.clock.advance(by: 600)
        let identity = try backup.renewIdentityAfterRestore(replacing: "DA", to: "DN")
        let restored = try SyncTestTerminal(id: "DN", clock: desks.clock, database: backup)
        let sync = DeskSync(database: backup, files: LocalSyncFolderFiles(), settings: SyncSettings(folder: desks.folder), terminal: restored.club.terminal, clock: desks.clock)
        return (desks, restored, sync, identity)
    }

    @Test("George's visit after the restore counts under the new id, and both desks list and count all four")
    func everyVisitOnEveryDeskOnce() throws {
        let (desks, restored, sync, identity) = try restoredAfterAVisit()
        #expect(identity == RestoredIdentity(oldTerminalId: "DA", newTerminalId: "DN", earlierSelves: ["DA"]))
        #expect(try restored.database.syncWriterState() == SyncWriterState())
        // The restored desk lost the 08:00 visit, so George is let in at 09:00: a visit of its own.
        desks.clock.advance(by: 3000)
        _ = try restored.club.checkIn(passId: Self.george, source: .nfc)
        for _ in 0..<2 {
            #expect(try sync.pass().read.errors.isEmpty)
            #expect(try desks.syncB.pass().read.errors.isEmpty)
        }
        for terminal in [restored, desks.b] {
            let seen = try george(terminal)
            #expect(seen.count == 4 && seen.listed == 4, "\(terminal.club.terminal.id): \(seen)")
            // Inside since the 09:00 visit, not since 08:00.
            #expect(seen.inside == true && seen.latest == "DN")
        }
        #expect(try restored.state() == desks.b.state())
        #expect(try FileManager.default.fileExists(atPath: desks.folder + "/DN/desk.json"))
    }

    @Test("the earlier self is a retired desk on both desks, its subfolder can go, and a desk joining later still ends equal")
    func earlierSelfRetiredAndCarried() throws {
        let (desks, restored, sync, _) = try restoredAfterAVisit()
        desks.clock.advance(by: 3000)
        _ = try restored.club.checkIn(passId: Self.george, source: .nfc)
        for _ in 0..<2 {
            _ = try sync.pass()
            _ = try desks.syncB.pass()
        }
        for (desk, other) in [(sync, "DB"), (desks.syncB, "DN")] {
            let status = try desk.status()
            let active = status.terminals.filter { $0.retiredBy == nil }.map(\.terminalId)
            #expect(active == [other], "\(desk.writer.terminal.id) counts \(active)")
            let retired = try #require(status.retired.first { $0.terminalId == "DA" })
            #expect(retired.takenOverBy == "DN" && retired.canDeleteSubfolder, "\(retired)")
        }
        // What only DA's files said after the backup (the 08:00 visit) is in DN's snapshot now.
        try FileManager.default.removeItem(atPath: desks.folder + "/DA")
        let joiner = try SyncTestTerminal(id: "DJ", clock: desks.clock)
        let read = try DeskSync(database: joiner.database, files: LocalSyncFolderFiles(), settings: SyncSettings(folder: desks.folder),
                                terminal: joiner.club.terminal, clock: desks.clock).reader.read()
        #expect(read.errors.isEmpty)
        #expect(try george(joiner).count == 4 && george(joiner).listed == 4)
        #expect(try joiner.state() == desks.b.state())
    }

    @Test("what the restored desk read back of its earlier self is in its own snapshot before status lets the subfolder go")
    func earlierSelfCarriedBeforeItCanGo() throws {
        let (desks, restored, sync, _) = try restoredAfterAVisit()
        _ = try sync.writer.write()
        _ = try desks.syncB.pass()
        // DN reads back the 08:00 visit from DA's subfolder, but has not written since.
        #expect(try sync.reader.read().errors.isEmpty)
        #expect(try george(restored).count == 3)
        let before = try #require(try sync.status().retired.first { $0.terminalId == "DA" })
        #expect(!before.canDeleteSubfolder && before.waitingFor.first == "DN", "\(before)")
        // Its next write carries its members (a snapshot); DA's audit entries (its visits) are in
        // no file of DN's yet, so the subfolder stays until a whole pass wrote DN's side files too.
        _ = try sync.writer.write()
        _ = try desks.syncB.pass()
        for desk in [sync, desks.syncB] {
            let members = try #require(try desk.status().retired.first { $0.terminalId == "DA" })
            #expect(members.waitingFor.isEmpty && members.uncarriedSideFiles == ["audit files"] && !members.canDeleteSubfolder, "\(members)")
        }
        _ = try sync.pass()
        let joiner = try desks.joinAfterDeleting(retired: "DA", once: [sync, desks.syncB])
        #expect(try george(joiner).count == 3 && george(joiner).listed == 3)
        #expect(try joiner.state() == restored.state())
        let audit = { (terminal: SyncTestTerminal) in try terminal.database.auditEntries(AuditQuery()).map { "\($0.entryId) \($0.deskId) \($0.action)" } }
        #expect(try audit(joiner) == audit(restored) && audit(joiner).filter { $0.contains(" DA ") }.count == 3)
    }

    @Test("a field the earlier self edited after the backup, on a member another desk edited later at once, is carried by the restored desk")
    func earlierSelfsFieldEditCarried() throws {
        let desks = try TwoSyncDesks(folderPrefix: "restored-field", settings: ClubSettings())
        try desks.a.database.setStoreSetting("terminalId", "DA")
        desks.clock.advance(by: 1800)
        _ = try desks.b.club.checkIn(passId: Self.george, source: .nfc)  // enrolled at DB: DB authors George
        _ = try desks.syncB.pass()
        _ = try desks.syncA.pass()
        let backup = try desks.a.database.inMemoryCopy()
        let id = try #require(try desks.a.database.member(idOrPass: Self.george)).memberId
        // DA notes the card; DB suspends him a minute later, before it has read the note.
        desks.clock.advance(by: 60)
        _ = try desks.a.club.updateMember(id: id, MemberChanges(note: .some("Card bounced")))
        desks.clock.advance(by: 60)
        _ = try desks.b.club.updateMember(id: id, MemberChanges(status: .suspended))
        _ = try desks.syncA.pass()
        _ = try desks.syncB.pass()
        // DA stops, and its backup comes back as DN: the note is then only in DA's files.
        _ = try desks.syncA.pass(write: true, read: false)
        let identity = try backup.renewIdentityAfterRestore(replacing: "DA", to: "DN")
        #expect(identity.earlierSelves == ["DA"])
        let restored = try SyncTestTerminal(id: "DN", clock: desks.clock, database: backup)
        let sync = DeskSync(database: backup, files: LocalSyncFolderFiles(), settings: SyncSettings(folder: desks.folder), terminal: restored.club.terminal, clock: desks.clock)
        for _ in 0..<2 {
            #expect(try sync.pass().read.errors.isEmpty)
            #expect(try desks.syncB.pass().read.errors.isEmpty)
        }
        #expect(try restored.database.member(idOrPass: Self.george)?.note == "Card bounced")
        for desk in [sync, desks.syncB] {
            let retired = try #require(try desk.status().retired.first { $0.terminalId == "DA" })
            #expect(retired.canDeleteSubfolder, "\(desk.writer.terminal.id): \(retired)")
        }
        try FileManager.default.removeItem(atPath: desks.folder + "/DA")
        let joiner = try SyncTestTerminal(id: "DJ", clock: desks.clock)
        let read = try DeskSync(database: joiner.database, files: LocalSyncFolderFiles(), settings: SyncSettings(folder: desks.folder),
                                terminal: joiner.club.terminal, clock: desks.clock).reader.read()
        #expect(read.errors.isEmpty)
        let george = try #require(try joiner.database.member(idOrPass: Self.george))
        #expect(george.note == "Card bounced" && george.status == .suspended, "\(george)")
        #expect(try joiner.state() == desks.b.state())
    }

    @Test("restore renews the copy before it takes the database's place; without being asked it keeps the id, as before")
    func restoreOfAFile() throws {
        let scratch = try TemporaryDirectory()
        let live = scratch.file("members.sqlite"), backupPath = scratch.file("backup.sqlite")
        do {
            let database = try AppDatabase.open(path: live)
            _ = try database.terminalIdentity(name: "Front desk")
            try database.backup(to: backupPath)
        }
        #expect(AppDatabase.syncHistory(path: backupPath).synced == false)
        let original = try #require(AppDatabase.syncHistory(path: backupPath).terminalId)
        #expect(try AppDatabase.restore(from: backupPath, into: live, keeping: scratch.file("kept-1")) == nil)
        #expect(AppDatabase.syncHistory(path: live).terminalId == original)

        let identity = try #require(try AppDatabase.restore(from: backupPath, into: live, keeping: scratch.file("kept-2"),
                                                            renewIdentity: true, replacing: "D-REPLACED"))
        #expect(identity.oldTerminalId == original && identity.earlierSelves == [original, "D-REPLACED"])
        let history = AppDatabase.syncHistory(path: live)
        #expect(history.terminalId == identity.newTerminalId && history.terminalId != original)
        // The earlier selves are desks taken over, and nothing is left beside the file.
        let database = try AppDatabase.open(path: live)
        #expect(try database.terminalIdentity(name: "Front desk") == TerminalIdentity(id: identity.newTerminalId, name: "Front desk"))
        let retired = try database.syncTerminals().filter { $0.retiredBy == identity.newTerminalId }.map(\.terminalId)
        #expect(Set(retired) == [original, "D-REPLACED"])
        #expect(!FileManager.default.fileExists(atPath: live + ".restoring"))
    }
}
