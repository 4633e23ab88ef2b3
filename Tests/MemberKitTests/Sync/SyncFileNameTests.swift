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
        "snapshot-0000000000\u{301}01.musrl", "snapshot-00000000000\u{0661}.musrl", "Snapshot-000000000001.musrl",
        "snapshot-000000000001.sync-conflict-\u{301}A.musrl", "snapshot-000000000001.sync-conflict-A.musrl\u{301}",
        "snapshot-000000000001.sync-conflict-a.sync-conflict-b!.musrl", "changes-000000000001-000000000002-000000000003.musrl",
        "snapshot-000000000001.musrl.musrl", String(repeating: "a", count: 155) + ".musrl",
    ])
    func rejected(_ name: String) {
        #expect(SyncFileName(parsing: name) == nil)
    }

    @Test func aConflictCopyKeepsEverythingFromItsFirstMarkerAndTheLongestNameIsStillRead() throws {
        let twice = try #require(SyncFileName(parsing: "snapshot-000000000001.sync-conflict-a-sync-conflict-b.musrl"))
        #expect(twice.conflict == ".sync-conflict-a-sync-conflict-b" && twice.through == 1)
        let longest = "changes-000000000001-000000000002.sync-conflict-" + String(repeating: "Z", count: 160 - 48 - 6) + ".musrl"
        #expect(longest.utf8.count == 160 && SyncFileName(parsing: longest)?.description == longest)
        #expect(SyncFileName(parsing: longest.dropLast(6) + "Z.musrl") == nil)  // 161 bytes
    }
}
