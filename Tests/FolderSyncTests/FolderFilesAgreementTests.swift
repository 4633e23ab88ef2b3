import FolderSync
import Foundation
@testable import MemberKit
import MemberDeskTestSupport
import Testing

/// The in-memory folder answers as the live one does: one script of calls, run through both,
/// gives the same transcript (errors as "threw": their texts name paths and errno).
@Suite struct FolderFilesAgreementTests {
    /// The calls the sync logic makes, in the order a pass makes them; `link` puts a symlink in place.
    static func script(_ files: any SyncFolderFiles, root: String, link: (String, String) throws -> Void) throws -> [String] {
        var lines: [String] = []
        func note(_ label: String, _ body: () throws -> String) {
            lines.append(label + ": " + ((try? body()) ?? "threw"))
        }
        func listing(_ entries: [SyncFolder.Entry]) -> String {
            entries.map { "\($0.name) \($0.kind)" + ($0.kind == .file ? " \($0.size)" : "") }.joined(separator: ", ")
        }
        let desk = root + "/T-1"
        note("usable") { try files.checkUsable(root); return "yes" }
        note("usable missing") { try files.checkUsable(root + "/gone"); return "yes" }
        note("make") { try files.makeFolder(desk); return "made" }
        note("make again") { try files.makeFolder(desk); return "made" }
        note("make under missing") { try files.makeFolder(root + "/gone/T-2"); return "made" }
        note("write") { try files.write([1, 2, 3], to: desk + "/changes-0-3.musrl"); return "written" }
        note("write hidden") { try files.write([9], to: desk + "/.syncthing.x.tmp"); return "written" }
        note("write desk.json") { try files.write(Array("{}".utf8), to: desk + "/desk.json"); return "written" }
        note("write under missing") { try files.write([1], to: root + "/gone/x"); return "written" }
        try link(desk + "/link.musrl", desk + "/changes-0-3.musrl")
        note("list") { listing(try files.entries(of: desk)) }
        note("list some") { listing(try files.entries(of: desk, including: { $0.hasSuffix(".musrl") })) }
        note("list missing") { listing(try files.entries(of: root + "/gone")) }
        note("list root") { listing(try files.entries(of: root)) }
        for (label, path, following) in [("entry", desk + "/changes-0-3.musrl", false), ("entry link", desk + "/link.musrl", false),
                                         ("entry link followed", desk + "/link.musrl", true), ("entry folder", desk, false),
                                         ("entry missing", desk + "/nothing", true)] {
            note(label) { files.entry(at: path, following: following).map { "\($0.name) \($0.kind)" } ?? "none" }
        }
        note("read") { files.read(desk + "/changes-0-3.musrl", maxBytes: 3).map { "\($0)" } ?? "none" }
        note("read over the cap") { files.read(desk + "/changes-0-3.musrl", maxBytes: 2).map { "\($0)" } ?? "none" }
        note("read link") { files.read(desk + "/link.musrl", maxBytes: 100).map { "\($0)" } ?? "none" }
        note("read folder") { files.read(desk, maxBytes: 100).map { "\($0)" } ?? "none" }
        let entry = try #require(files.entry(at: desk + "/changes-0-3.musrl", following: false))
        note("open") {
            let opened = try files.open(desk + "/changes-0-3.musrl", expected: entry)
            var bytes: [UInt8] = []
            while let byte = try opened.reader.next() { bytes.append(byte) }
            let again = try files.open(desk + "/changes-0-3.musrl", expected: entry)
            return "\(bytes) same: \(again.identity == opened.identity)"
        }
        var grown = entry
        grown.size += 1
        note("open changed") { _ = try files.open(desk + "/changes-0-3.musrl", expected: grown); return "opened" }
        note("open link") { _ = try files.open(desk + "/link.musrl", expected: entry); return "opened" }
        note("rewrite") { try files.write([4, 5], to: desk + "/changes-0-3.musrl"); return "written" }
        note("read rewritten") { files.read(desk + "/changes-0-3.musrl", maxBytes: 10).map { "\($0)" } ?? "none" }
        note("write that fails") { try files.write(to: desk + "/changes-0-3.musrl") { sink -> String in try sink([7]); throw SyncError.off } }
        note("read after the failed write") { files.read(desk + "/changes-0-3.musrl", maxBytes: 10).map { "\($0)" } ?? "none" }
        note("write streamed") { "\(try files.write(to: desk + "/changes-3-4.musrl") { try $0([1]); try $0([2]); return 2 })" }
        note("read streamed") { files.read(desk + "/changes-3-4.musrl", maxBytes: 10).map { "\($0)" } ?? "none" }
        note("remove") { "\(files.remove(desk + "/desk.json"))" }
        note("remove again") { "\(files.remove(desk + "/desk.json"))" }
        note("remove folder") { "\(files.remove(desk))" }
        note("list after") { listing(try files.entries(of: desk)) }
        return lines
    }

    @Test func theMemoryFolderAnswersAsTheLiveOne() throws {
        let directory = try TemporaryDirectory()
        let live = try Self.script(LocalSyncFolderFiles(), root: directory.path) {
            try FileManager.default.createSymbolicLink(atPath: $0, withDestinationPath: $1)
        }
        let memory = MemorySyncFolderFiles(folders: ["/sync"])
        let held = try Self.script(memory, root: "/sync") { memory.link($0, to: $1) }
        #expect(live == held)
        #expect(live.contains("list: changes-0-3.musrl file 3, desk.json file 2, link.musrl symlink"), "\(live)")
        #expect(live.contains("read after the failed write: [4, 5]") && live.contains("read streamed: [1, 2]"), "\(live)")
    }
}
