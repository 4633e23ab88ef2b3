import FolderSync
import Foundation
import MemberDeskTestSupport
import Testing
@testable import MemberKit

/// Snapshots hold what their desk authored; one that took over a retired desk says so in
/// `desk.json`, and a desk far behind, having merged it, skips the retired desk's files.
@Suite("Snapshot coverage")
struct SnapshotCoverageTests {
    /// A enrols ten members; A and B each check one in and snapshot; C reads both, checks one
    /// in, and takes over B (retired), so its snapshot, the newest, holds B's too.
    func threeDesks() throws -> (SyncFolderFixture, [SyncTestTerminal]) {
        let f = try SyncFolderFixture()
        let a = try f.terminal("TA"), b = try f.terminal("TB"), c = try f.terminal("TC")
        for index in 0..<10 { try a.club.addMember(passId: String(format: "0400%04X", index)) }
        for desk in [a, b, c] { _ = try f.sync(desk).pass() }
        for (desk, pass) in [(a, "04000001"), (b, "04000002")] {
            _ = try desk.club.checkIn(passId: pass, source: .nfc)
            #expect(try f.sync(desk, snapshotChanges: 1).writer.write().snapshot)
        }
        _ = try f.sync(c).reader.read()
        _ = try c.club.checkIn(passId: "04000003", source: .nfc)
        #expect(try f.sync(c).retire("TB").written.snapshot)
        // C's snapshot is the newest, as Syncthing keeps the writers' times.
        for (index, id) in ["TA", "TB", "TC"].enumerated() {
            for name in try f.files(id) where name.hasPrefix("snapshot-") {
                try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: Double(index * 60 - 600))],
                                                      ofItemAtPath: f.folder + "/" + id + "/" + name)
            }
        }
        return (f, [a, b, c])
    }

    func visits(_ desk: SyncTestTerminal) throws -> [Int] {
        try (1...3).map { try desk.database.member(idOrPass: String(format: "0400%04X", $0))?.numVisits ?? -1 }
    }

    @Test("a late desk merges each desk's snapshot once, and skips the files of a desk taken over")
    func lateDeskSkipsHeldSnapshots() throws {
        let (f, _) = try threeDesks()
        let info = try #require(DeskInfoFile.read(f.folder + "/TC/" + SyncFolder.deskFileName, files: LocalSyncFolderFiles()))
        let coverage = try #require(info.snapshot)
        #expect(coverage.holds.keys.sorted() == ["TB"])
        #expect(info.tookOver.keys.sorted() == ["TB"])

        let late = try f.terminal("TD")
        let read = try f.sync(late).reader.read()
        #expect(read.filesRead == 2)  // C's snapshot and A's; B's snapshot and changes files are held by C's
        #expect(read.errors.isEmpty)
        #expect(try visits(late) == [1, 1, 1])
        #expect(try late.liveMembers().count == 10)
        #expect(try f.sync(late).reader.read().filesRead == 0)
    }

    @Test("without what desk.json says, every snapshot is merged, with the same result")
    func withoutCoverageEverySnapshotIsRead() throws {
        let (f, _) = try threeDesks()
        try "{\"terminalId\":\"TC\",\"name\":\"C\"}".write(toFile: f.folder + "/TC/desk.json", atomically: true, encoding: .utf8)
        let late = try f.terminal("TD")
        let read = try f.sync(late).reader.read()
        #expect(read.filesRead >= 3)
        #expect(try visits(late) == [1, 1, 1])
    }

    @Test("a claim past another desk's newest file hides nothing that comes later")
    func claimsNeverHideLaterFiles() throws {
        let (f, desks) = try threeDesks()
        let path = f.folder + "/TC/desk.json"
        var info = try #require(DeskInfoFile.read(path, files: LocalSyncFolderFiles()))
        info.snapshot?.holds["TB"] = 999_999_999
        let bytes = DeskInfoFile.bytes(TerminalIdentity(id: "TC", name: "C"), snapshot: info.snapshot, tookOver: info.tookOver)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let late = try f.terminal("TD")
        _ = try f.sync(late).reader.read()
        #expect(try visits(late) == [1, 1, 1])
        // B, though retired, checks a member in afterwards: the late desk still reads it.
        _ = try desks[1].club.checkIn(passId: "04000005", source: .nfc)
        _ = try f.sync(desks[1]).writer.write()
        #expect(try f.sync(late).reader.read().filesRead == 1)
        #expect(try late.database.member(idOrPass: "04000005")?.numVisits == 1)
    }

    @Test("desk.json is read as untrusted input: what is malformed is dropped, the rest kept")
    func deskFileParsing() {
        let terminal = TerminalIdentity(id: "T-1", name: "Front desk")
        let coverage = DeskInfoFile.SnapshotCoverage(through: 42, holds: ["T-2": 7, "T_3": 0])
        let parsed = DeskInfoFile.parse(DeskInfoFile.bytes(terminal, snapshot: coverage))
        #expect(parsed == DeskInfoFile(terminalId: "T-1", name: "Front desk", snapshot: coverage))
        #expect(DeskInfoFile.parse(DeskInfoFile.bytes(terminal, snapshot: nil)).snapshot == nil)

        func snapshot(_ json: String) -> DeskInfoFile.SnapshotCoverage? {
            DeskInfoFile.parse(Array("{\"terminalId\":\"T-1\",\"name\":\"A\",\"snapshot\":\(json)}".utf8)).snapshot
        }
        #expect(snapshot(#"{"through":5,"holds":{}}"#) == DeskInfoFile.SnapshotCoverage(through: 5, holds: [:]))
        for bad in [#"{"through":-1,"holds":{}}"#, #"{"through":"5","holds":{}}"#, #"{"through":5.5,"holds":{}}"#,
                    #"{"through":5,"holds":{"../x":1}}"#, #"{"through":5,"holds":{"T-2":-3}}"#, #"{"through":5,"holds":[]}"#,
                    #"{"through":5}"#, #"[]"#, #"{"through":1e400,"holds":{}}"#, #"{"through":99999999999999999999,"holds":{}}"#] {
            #expect(snapshot(bad) == nil, "\(bad)")
        }
        #expect(DeskInfoFile.parse(Array("{\"terminalId\":\"../../etc\",\"name\":\"\\u0007\"}".utf8)) == DeskInfoFile())
        #expect(DeskInfoFile.parse(Array("not json".utf8)) == DeskInfoFile())
        #expect(DeskInfoFile.parse([UInt8](repeating: 0x20, count: DeskInfoFile.maximumBytes + 1)) == DeskInfoFile())
    }

    @Test("desk.json's writer mark, takeovers and retired desks read are kept only when well formed, and round-trip")
    func deskFileRetirementFields() {
        let terminal = TerminalIdentity(id: "T-1", name: "Front desk")
        let writer = "0B1F6C2E-8D4A-4C41-9E0B-2C7A1D3F5E60"
        let bytes = DeskInfoFile.bytes(terminal, snapshot: nil, writer: writer, tookOver: ["T-2": 812], retiredRead: ["T-2": 812, "T_3": 0])
        #expect(DeskInfoFile.parse(bytes) == DeskInfoFile(terminalId: "T-1", name: "Front desk", writer: writer,
                                                          tookOver: ["T-2": 812], retiredRead: ["T-2": 812, "T_3": 0]))
        func parsed(_ fields: String) -> DeskInfoFile { DeskInfoFile.parse(Array("{\"terminalId\":\"T-1\",\(fields)}".utf8)) }
        // A writer mark that is not shaped like a terminal id is dropped; so is a whole map with one bad entry.
        #expect(parsed(#""writer":"../etc""#).writer == nil)
        #expect(parsed(#""writer":7"#).writer == nil)
        for bad in [#"{"T-3":-4,"T-4":1}"#, #"{"T-5":1.5}"#, #"{"T-6":"7"}"#, #"["T-5"]"#, #"{"../x":1}"#, #"{"T-7":1e400}"#,
                    #"{"T-8":99999999999999999999}"#, #"null"#] {
            #expect(parsed("\"tookOver\":\(bad)").tookOver.isEmpty, "\(bad)")
            #expect(parsed("\"retiredRead\":\(bad)").retiredRead.isEmpty, "\(bad)")
        }
        // The rest of the file survives a malformed field.
        let mixed = parsed(#""name":"A","writer":"W-1","tookOver":{"T-3":-4},"retiredRead":{"T-5":9}"#)
        #expect(mixed == DeskInfoFile(terminalId: "T-1", name: "A", writer: "W-1", tookOver: [:], retiredRead: ["T-5": 9]))
    }
}
