import Foundation
import MemberDeskTestSupport
@_spi(Testing) @testable import MemberKit
import Testing

/// A pass given the files inotify named reads those alone; the full walk reads what no event named,
/// and the merge laws make the order, the repeats and the late files harmless.
@Suite("Reading the files inotify named")
struct NamedFilesReadTests {
    @Test("a named changes file is merged without the others; the walk then merges the one no event named")
    func namedThenWalk() throws {
        let desks = try TwoSyncDesks(folderPrefix: "named-files", settings: ClubSettings(debounce: 0))
        let a = desks.a, b = desks.b
        _ = try a.club.checkIn(passId: "04000001", source: .nfc)
        _ = try desks.syncA.pass()
        _ = try desks.syncB.pass()  // B knows desk A now
        desks.clock.advance(by: 60)
        _ = try a.club.checkIn(passId: "04000002", source: .nfc)
        let first = try #require(try desks.syncA.pass().written.file)
        _ = try a.club.checkIn(passId: "04000003", source: .nfc)
        let second = try #require(try desks.syncA.pass().written.file)
        #expect(first != second && !second.hasPrefix("snapshot-"))

        var named = SyncNamedFiles()
        named.add(file: second, in: "DA")
        named.add(file: "changes-000000009998-000000009999.musrl", in: "DA")  // named, then gone: skipped
        let read = try desks.syncB.pass(write: false, named: named).read
        #expect(read.errors.isEmpty && read.filesRead == 1)
        #expect(try b.database.member(idOrPass: "04000003")?.numVisits == 1)
        #expect(try b.database.member(idOrPass: "04000002") == nil)
        // The same event again reads nothing: the file is in the seen-table.
        #expect(try desks.syncB.pass(write: false, named: named).read.filesRead == 0)

        let walk = try desks.syncB.pass(write: false).read
        #expect(walk.errors.isEmpty && walk.filesRead == 1)
        #expect(try b.database.member(idOrPass: "04000002")?.numVisits == 1)
        #expect(try b.state() == a.state())
    }

    @Test("a named snapshot or desk.json has its subfolder listed, as a walk does")
    func snapshotListsTheSubfolder() throws {
        let desks = try TwoSyncDesks(folderPrefix: "named-snapshot", settings: ClubSettings(debounce: 0))
        _ = try desks.a.club.checkIn(passId: "04000001", source: .nfc)
        let snapshot = try #require(try desks.syncA.pass().written.file)
        #expect(snapshot.hasPrefix("snapshot-"))
        var named = SyncNamedFiles()
        named.add(file: snapshot, in: "DA")
        // Desk A is new to B: its subfolder is read whole, whatever was named.
        let read = try desks.syncB.pass(write: false, named: named).read
        #expect(read.errors.isEmpty && read.snapshotsRead == 1)
        #expect(try desks.b.state() == desks.a.state())
    }

    @Test("operators and audit files named by an event are merged from their names alone")
    func sideFilesByName() throws {
        let desks = try TwoSyncDesks(folderPrefix: "named-staff", settings: ClubSettings(debounce: 0))
        _ = try desks.syncA.pass()
        _ = try desks.syncB.pass()
        try desks.a.club.addStaff(name: "Mia", role: .desk, pin: PIN("4821"), hasher: FakePINHasher(), by: .cli(user: "x"))
        _ = try desks.syncA.pass()
        let files = try FileManager.default.contentsOfDirectory(atPath: desks.folder + "/DA")
        let audit = try #require(files.first { $0.hasPrefix("audit-") })
        var named = SyncNamedFiles()
        named.add(file: "staff.json", in: "DA")
        _ = try desks.syncB.pass(write: false, named: named)
        #expect(try desks.b.database.staff().map(\.name) == ["Mia"])
        #expect(try desks.b.database.auditCount() == 0)
        named = SyncNamedFiles()
        named.add(file: audit, in: "DA")
        _ = try desks.syncB.pass(write: false, named: named)
        #expect(try desks.b.database.auditCount() == desks.a.database.auditCount())
    }
}
