import Foundation
import MemberDeskTestSupport
import Testing
@testable import MemberKit

@Suite("Folder sync")
struct FolderSyncTests {
    @Test("a check-in on one desk is counted on the other; suspension and deletion travel")
    func revocationsTravel() throws {
        let f = try SyncFolderFixture()
        let a = try f.terminal("TA"), b = try f.terminal("TB")
        let syncA = f.sync(a), syncB = f.sync(b)
        _ = try a.club.checkIn(passId: "04000001", source: .nfc)
        _ = try syncA.pass()
        let read = try syncB.pass().read
        #expect(read.filesRead == 1 && read.counts.new == 1 && read.errors.isEmpty)
        let member = try #require(try b.database.member(idOrPass: "04000001"))
        #expect(member.numVisits == 1)

        try a.club.updateMember(id: member.memberId, MemberChanges(status: .suspended))
        _ = try syncA.pass()
        _ = try syncB.pass()
        f.clock.advance(by: 120)
        guard case .refused = try b.club.checkIn(passId: "04000001", source: .nfc).outcome else {
            Issue.record("a member suspended on A was not refused on B")
            return
        }

        try a.club.deleteMember(id: member.memberId)
        _ = try syncA.pass()
        _ = try syncB.pass()
        #expect(try b.database.member(idOrPass: member.memberId) == nil)
        #expect(try b.liveMembers().isEmpty)
    }

    @Test("a check-in's changes file holds only that member, is small, and snapshots replace the files the previous one covered")
    func changesFilesAndSnapshots() throws {
        let f = try SyncFolderFixture()
        let a = try f.terminal("TA")
        for index in 0..<20 { try a.club.addMember(passId: String(format: "0400%04X", index)) }
        let sync = f.sync(a, snapshotChanges: 5)
        let first = try sync.writer.write()
        #expect(first.snapshot && first.members == 20)
        #expect(try sync.writer.write().file == nil)  // nothing pending
        _ = try a.club.checkIn(passId: "04000003", source: .nfc)
        let change = try sync.writer.write()
        #expect(!change.snapshot && change.members == 1)
        let name = try #require(change.file)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: f.folder + "/TA/" + name)[.size] as? Int)
        #expect(size < 2048)  // with its entry event
        #expect(try f.files("TA") == ["changes-000000000020-000000000023.musrl", "desk.json", "snapshot-000000000020.musrl"])
        let b = try f.terminal("TB")
        _ = try f.sync(b).pass()
        for index in 4..<9 { _ = try a.club.checkIn(passId: String(format: "0400%04X", index), source: .nfc) }
        let snapshot = try sync.writer.write()
        #expect(snapshot.snapshot)
        // The pending changes went out first and stay: a desk that keeps up reads that small file
        // and skips the snapshot. The older snapshot went, and so did the changes file before,
        // for the changes files since the old snapshot weighed more than a quarter of the new one.
        #expect(try f.files("TA") == ["changes-000000000023-000000000038.musrl", "desk.json", "snapshot-000000000038.musrl"])
        let keptUp = try f.sync(b).pass().read
        #expect(keptUp.filesRead == 1 && keptUp.filesCovered == 1 && keptUp.counts.updated == 5)
        // The next snapshot removes what this one covered.
        _ = try a.club.checkIn(passId: "04000010", source: .nfc)
        #expect(try f.sync(a, snapshotChanges: 1).writer.write().snapshot)
        #expect(try f.files("TA") == ["changes-000000000038-000000000041.musrl", "desk.json", "snapshot-000000000041.musrl"])
        // Any file is what `memberdesk import` reads.
        let other = try f.terminal("TB")
        let counts = try other.importBytes(Array(try Data(contentsOf: URL(fileURLWithPath: f.folder + "/TA/snapshot-000000000041.musrl"))))
        #expect(counts.new == 20)
    }

    @Test("what a desk merges from the folder is not written back as its own change")
    func mergedChangesAreNotEchoed() throws {
        let f = try SyncFolderFixture()
        let a = try f.terminal("TA"), b = try f.terminal("TB")
        _ = try a.club.checkIn(passId: "04000001", source: .nfc)
        _ = try f.sync(a).pass()
        _ = try f.sync(b).pass()
        #expect(try b.database.pendingChanges(after: b.database.syncWriterState().writtenThrough) == 0)
        #expect(try f.sync(b).writer.write().file == nil)
    }

    @Test("a desk that restarts reads nothing twice")
    func restartsDoNotRedo() throws {
        let f = try SyncFolderFixture()
        let a = try f.terminal("TA"), b = try f.terminal("TB")
        _ = try a.club.checkIn(passId: "04000001", source: .nfc)
        _ = try f.sync(a).pass()
        #expect(try f.sync(b).pass().read.filesRead == 1)
        let again = try f.sync(b).pass().read  // a new DeskSync: what a restart makes
        #expect(again.filesRead == 0 && again.filesCovered == 0)
    }

    @Test("a late desk reads one snapshot and skips the changes it covers")
    func lateDeskSkipsCoveredFiles() throws {
        let f = try SyncFolderFixture()
        let a = try f.terminal("TA"), b = try f.terminal("TB")
        _ = try f.sync(a).pass()
        for index in 0..<3 {
            _ = try a.club.checkIn(passId: "0400000\(index)", source: .nfc)
            _ = try f.sync(a).writer.write()
        }
        // Another snapshot arrives before B reads, and an old changes file comes back late.
        let snapshot = try f.sync(a, snapshotChanges: 1).writer.write()
        #expect(snapshot.snapshot)
        try f.plant("TA", "changes-000000000001-000000000002.musrl", SyncFolderFixture.memberFile(by: "TA"))
        let read = try f.sync(b).pass().read
        // The snapshot outweighed the changes files it covered, so they went with the older one.
        #expect(read.filesRead == 1 && read.filesCovered == 1)
        #expect(try b.liveMembers().count == 3)
    }
}
