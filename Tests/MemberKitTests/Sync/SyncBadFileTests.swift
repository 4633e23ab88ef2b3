import Foundation
import MemberDeskTestSupport
import Testing
@testable import MemberKit

/// Files from the folder are untrusted: each kind of bad file is reported once, skipped, changes
/// nothing, does not stop the other files, and is read again only once it changes.
@Suite("Bad sync files")
struct SyncBadFileTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var expected: String
        var testDescription: String { name }
    }

    static let good = SyncFolderFixture.memberFile()
    static let cases: [Case] = [
        Case(name: "truncated (half-written)", bytes: Array(good.prefix(good.count / 2)), expected: "unterminated"),
        Case(name: "corrupt", bytes: Array("\u{1}\u{2}garbage".utf8), expected: "not JSON"),
        Case(name: "empty", bytes: [], expected: "empty"),
        Case(name: "hostile nesting", bytes: Array(String(repeating: "[", count: 50_000).utf8), expected: "nested more than"),
        Case(name: "hostile duplicate members", bytes: Array(("[" + String(decoding: good.dropFirst().dropLast(2), as: UTF8.self) + ",\n"
                                                             + String(decoding: good.dropFirst().dropLast(2), as: UTF8.self) + "]").utf8),
             expected: "duplicate memberId"),
        Case(name: "a member of the wrong shape", bytes: Array("[42]".utf8), expected: "a member must be a JSON object"),
    ]

    @Test("a bad file is reported once, changes nothing, blocks nothing, and is read again once repaired", arguments: cases)
    func badFile(_ bad: Case) throws {
        let f = try SyncFolderFixture()
        let reader = try f.terminal("T1")
        try reader.club.addMember(passId: "04000001", username: "Existing")
        let bus = EventBus()
        let errors = bus.subscribe()
        let path = try f.plant("T2", "changes-000000000001-000000000002.musrl", bad.bytes)
        try f.plant("T3", "snapshot-000000000005.musrl", SyncFolderFixture.memberFile(memberId: "M-3", pass: "04CC0003", by: "T3"))
        let before = try reader.state()

        let first = try f.sync(reader, bus: bus).reader.read()
        #expect(first.errors.count == 1)
        #expect(first.errors.first?.contains(path) == true)
        #expect(first.errors.first?.contains(bad.expected) == true, "\(first.errors)")
        #expect(first.filesRead == 1)  // T3's file, despite T2's
        #expect(try reader.database.member(id: "M-3") != nil)
        #expect(try reader.database.member(id: "M-1") == nil)
        #expect(try reader.database.badSyncFiles().map(\.name) == ["changes-000000000001-000000000002.musrl"])
        // Nothing but T3's member changed.
        let after = try reader.state().split(separator: "\n").filter { !$0.contains("M-3") }.joined(separator: "\n")
        #expect(after == before)
        let published = errors.drain().compactMap { event -> String? in
            if case .error(let notice) = event { return notice.message } else { return nil }
        }
        #expect(published.count == 1)

        let second = try f.sync(reader).reader.read()
        #expect(second.errors.isEmpty && second.filesRead == 0)

        try f.plant("T2", "changes-000000000001-000000000002.musrl", SyncFolderFixture.memberFile())
        let repaired = try f.sync(reader).reader.read()
        #expect(repaired.errors.isEmpty && repaired.filesRead == 1)
        #expect(try reader.database.member(id: "M-1") != nil)
        #expect(try reader.database.badSyncFiles().isEmpty)
    }

    @Test("a file larger than the limit is not read")
    func oversized() throws {
        let f = try SyncFolderFixture()
        let reader = try f.terminal("T1")
        try f.plant("T2", "snapshot-000000000001.musrl", SyncFolderFixture.memberFile())
        let read = try f.sync(reader, maxFileBytes: 64).reader.read()
        #expect(read.errors.count == 1 && read.errors[0].contains("more than sync.max_file_mb"))
        #expect(try reader.database.member(id: "M-1") == nil)
    }

    @Test("symlinks are not followed: neither a file nor a terminal's folder")
    func symlinks() throws {
        let f = try SyncFolderFixture()
        let reader = try f.terminal("T1")
        let outside = NSTemporaryDirectory() + "memberdesk-outside-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: outside + "/T4", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: outside) }
        let target = outside + "/T4/snapshot-000000000001.musrl"
        try Data(SyncFolderFixture.memberFile()).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createDirectory(atPath: f.folder + "/T2", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: f.folder + "/T2/snapshot-000000000001.musrl", withDestinationPath: target)
        try FileManager.default.createSymbolicLink(atPath: f.folder + "/T4", withDestinationPath: outside + "/T4")
        let read = try f.sync(reader).reader.read()
        #expect(read.errors.count == 2)
        #expect(read.errors.allSatisfy { $0.contains("symbolic link") })
        #expect(try reader.database.member(id: "M-1") == nil)
        #expect(try f.sync(reader).reader.read().errors.isEmpty)  // reported once
    }

    @Test("what is not a finished file of ours is ignored; Syncthing's conflict copies are merged and reported")
    func ignoredAndConflictCopies() throws {
        let f = try SyncFolderFixture()
        let reader = try f.terminal("T1")
        let good = SyncFolderFixture.memberFile()
        try f.plant("T2", ".syncthing.snapshot-000000000001.musrl.tmp", good)
        try f.plant("T2", "~syncthing~snapshot-000000000001.musrl.tmp", good)
        try f.plant("T2", ".snapshot-000000000001.musrl.AbC123", good)
        try f.plant("T2", "notes.musrl", good)
        try f.plant("T2", "snapshot-1.musrl", good)
        try f.plant("T2", "snapshot-000000000001.csv", good)
        try f.plant(".stfolder", "x", [])
        try f.plant(".stversions", "snapshot-000000000001.musrl", good)
        try f.plant("not a terminal", "snapshot-000000000001.musrl", good)
        var read = try f.sync(reader).reader.read()
        #expect(read.filesRead == 0 && read.errors.isEmpty)
        #expect(try reader.database.member(id: "M-1") == nil)

        let copy = try f.plant("T2", "changes-000000000001-000000000002.sync-conflict-20260101-101010-ABCDEFG.musrl", good)
        read = try f.sync(reader).reader.read()
        #expect(read.filesRead == 1 && read.conflictCopies == [copy])
        #expect(try reader.database.member(id: "M-1") != nil)
    }

    @Test("a file too large for one transaction that turns out bad near its end changes nothing")
    func badNearTheEndOfALargeFile() throws {
        let f = try SyncFolderFixture()
        let reader = try f.terminal("T1")
        var text = "["
        for index in 0..<10 {
            text += (index > 0 ? ",\n" : "") + String(decoding: SyncFolderFixture.memberFile(memberId: "M-\(index)", pass: "04BB000\(index)")
                .dropFirst().dropLast(2), as: UTF8.self)
        }
        text += ",\n42]"
        try f.plant("T2", "snapshot-000000000010.musrl", Array(text.utf8))
        let read = try f.sync(reader).reader.read()  // mergeChunk is 2 in the fixture
        #expect(read.errors.count == 1)
        #expect(try reader.liveMembers().isEmpty)
    }
}
