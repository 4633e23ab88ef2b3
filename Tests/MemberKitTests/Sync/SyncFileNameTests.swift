import Testing
@testable import MemberKit

@Suite("Sync file names")
struct SyncFileNameTests {
    @Test("names round-trip, sort in sequence order, and conflict copies are recognised")
    func parsing() throws {
        let changes = SyncFileName.changes(after: 5, through: 9)
        #expect(changes.description == "changes-000000000005-000000000009.musrl")
        #expect(SyncFileName(parsing: changes.description) == changes)
        let copy = try #require(SyncFileName(parsing: "changes-000000000005-000000000009.sync-conflict-20260101-101010-ABCDEFG.musrl"))
        #expect(copy.isConflictCopy && copy.from == 5 && copy.through == 9)
        let snapshot = SyncFileName.snapshot(through: 9)
        #expect([changes, snapshot, SyncFileName.changes(after: 0, through: 5)].sorted()
                == [SyncFileName.changes(after: 0, through: 5), snapshot, changes])
    }

    @Test("anything not named like our files is not ours", arguments: [
        "", "snapshot-1.musrl", "snapshot-000000000001.csv", "changes-000000000002-000000000001.musrl",
        "changes-000000000001.musrl", ".syncthing.snapshot-000000000001.musrl.tmp", "snapshot-00000000000x.musrl",
        "snapshot-000000000001.sync-conflict-.musrl", "snapshot-000000000001.sync-conflict-a/b.musrl", "desk.json",
        "snapshot-0000000000\u{301}01.musrl",
    ])
    func rejected(_ name: String) {
        #expect(SyncFileName(parsing: name) == nil)
    }
}
