import FolderSync
import Foundation
import MemberDeskTestSupport
import Testing
@testable import MemberKit

/// Sync at chain scale: snapshots hold what their desk authored, so the folder is about one list
/// however many desks share it; a second database under one terminal id stops writing.
@Suite("Folder sync at chain scale")
struct ChainSyncTests {
    /// The member files' bytes: the operators and the audit record (one entry a tap, by design a
    /// growing log) ride beside them and are not part of "one list".
    /// Every desk reads the others until nothing is new, then snapshots: one export's bytes and the folder's.
    static func settleAndSnapshot(_ desks: [SyncTestTerminal], in f: SyncFolderFixture) throws -> (export: Int, folder: Int) {
        for _ in 0..<2 { for desk in desks { _ = try f.sync(desk).pass() } }
        for desk in desks {
            _ = try f.sync(desk).reader.read()
            #expect(try f.sync(desk).writer.write(snapshot: true).snapshot)
        }
        return (try desks[0].export().count, try folderBytes(f.folder))
    }

    static func folderBytes(_ path: String) throws -> Int {
        var total = 0
        let files = FileManager.default.enumerator(atPath: path)
        while let name = files?.nextObject() as? String {
            let file = (name as NSString).lastPathComponent
            if file == StaffSyncFile.fileName || AuditSyncFile.range(ofName: file) != nil { continue }
            let attributes = try FileManager.default.attributesOfItem(atPath: path + "/" + name)
            if attributes[.type] as? FileAttributeType == .typeRegular { total += attributes[.size] as? Int ?? 0 }
        }
        return total
    }

    @Test("ten desks that tapped their members and snapshotted keep a folder within 1.5 × one export")
    func tenDesksFolderSize() throws {
        let f = try SyncFolderFixture()
        let desks = try (0..<10).map { try f.terminal("D\($0)") }
        for (index, desk) in desks.enumerated() {
            for member in 0..<15 {
                _ = try desk.club.checkIn(passId: String(format: "04%02X%04X", index, member), source: .nfc)
                f.clock.advance(by: 7)
                _ = try f.sync(desk).writer.write()
            }
        }
        let (export, folder) = try Self.settleAndSnapshot(desks, in: f)
        #expect(try desks[0].liveMembers().count == 150)
        #expect(Double(folder) <= 1.5 * Double(export), "folder \(folder) bytes, one export \(export) bytes")
        // And a desk joining reads it all back.
        let late = try f.terminal("DL")
        _ = try f.sync(late).pass()
        #expect(try late.state() == desks[0].state())
    }

    /// Each desk's regulars (of 150 members) and how many weeks each of them came.
    static let counted = 120
    static let rounds = 3

    @Test("ten desks that each counted most members (months of regulars) keep a folder within 1.5 × one export")
    func tenDesksCountingEachOthersMembers() throws {
        let f = try SyncFolderFixture()
        let desks = try (0..<10).map { try f.terminal("D\($0)") }
        for (index, desk) in desks.enumerated() {
            for member in 0..<15 {
                try desk.club.addMember(passId: String(format: "04%02X%04X", index, member), username: "Member \(index)-\(member)",
                                        fields: ["userEmailAddress": .string("member\(index)-\(member)@example.org")])
            }
            _ = try f.sync(desk).writer.write()
        }
        for desk in desks { _ = try f.sync(desk).pass() }
        // Over months, every desk counts 80 % of the list as its regulars (most of them members
        // other desks enrolled), each a few times, in and out: events are kept 400 days.
        var visits = 0
        for _ in 0..<Self.rounds {
            f.clock.advance(by: 86400 * 7)
            for (index, desk) in desks.enumerated() {
                for tap in 0..<Self.counted {
                    let member = (index * 37 + tap) % 150
                    let pass = String(format: "04%02X%04X", member / 15, member % 15)
                    f.clock.advance(by: 61)
                    if case .checkedIn = try desk.club.checkIn(passId: pass, source: .nfc).outcome { visits += 1 }
                    _ = try desk.club.checkOut(passId: pass)
                    if tap % 20 == 19 { _ = try f.sync(desk).writer.write() }
                }
            }
        }
        #expect(visits == 10 * Self.counted * Self.rounds)
        let (export, folder) = try Self.settleAndSnapshot(desks, in: f)
        #expect(try desks[0].liveMembers().count == 150)
        // What the desks counted of others' members travels as tallies, not 10 copies of the records.
        let snapshot = try #require(try f.files("D3").last { $0.hasPrefix("snapshot-") })
        let entries = try SnapshotExportAgreementTests.members(Array(try Data(contentsOf: URL(fileURLWithPath: f.folder + "/D3/" + snapshot))))
        #expect(entries.values.filter(\.isTally).count >= 100)
        #expect(entries.values.filter { !$0.isTally }.count == 15)
        #expect(Double(folder) <= 1.5 * Double(export), "folder \(folder) bytes, one export \(export) bytes")
        let late = try f.terminal("DL")
        _ = try f.sync(late).pass()
        #expect(try late.state() == desks[0].state())
        #expect(try late.database.member(idOrPass: "04000001")?.numVisits == desks[0].database.member(idOrPass: "04000001")?.numVisits)
    }

    @Test("a burst of taps over many members is bounded by bytes: the desk snapshots instead of keeping one list per file")
    func burstIsBoundedByBytes() throws {
        let f = try SyncFolderFixture()
        let a = try f.terminal("TA")
        for member in 0..<200 { try a.club.addMember(passId: String(format: "0400%04X", member)) }
        let sync = DeskSync(database: a.database, files: LocalSyncFolderFiles(),
                            settings: SyncSettings(folder: f.folder, snapshotChanges: 1000, snapshotInterval: 1e9, mergeChunk: 500),
                            terminal: a.club.terminal, clock: f.clock)
        _ = try sync.writer.write()
        var settings = sync.settings
        settings.keptBytesFloor = 1024
        let bounded = DeskSync(database: a.database, files: LocalSyncFolderFiles(), settings: settings, terminal: a.club.terminal, clock: f.clock)
        var snapshots = 0
        for _ in 0..<20 {
            for member in 0..<200 {
                f.clock.advance(by: 61)
                _ = try a.club.checkIn(passId: String(format: "0400%04X", member), source: .nfc)
            }
            if try bounded.writer.write().snapshot { snapshots += 1 }
            // What the desk keeps in changes files never outweighs its snapshot (plus the floor).
            let directory = f.folder + "/TA/"
            let files = try FileManager.default.contentsOfDirectory(atPath: directory)
            let bytes = { (prefix: String) in
                try files.filter { $0.hasPrefix(prefix) }.map { try FileManager.default.attributesOfItem(atPath: directory + $0)[.size] as? Int ?? 0 }
                    .reduce(0, +)
            }
            #expect(try bytes("changes-") <= bytes("snapshot-") + Int(settings.keptBytesFloor), "\(files)")
        }
        #expect(snapshots >= 5)
        let export = try a.export().count
        #expect(try Self.folderBytes(f.folder) <= 3 * export)
    }

    @Test("two databases under one terminal id are found out on the second write, which stops")
    func duplicateTerminalId() throws {
        let f = try SyncFolderFixture()
        let first = try f.terminal("TA"), second = try f.terminal("TA")
        _ = try first.club.checkIn(passId: "04000001", source: .nfc)
        _ = try f.sync(first).writer.write()
        _ = try second.club.checkIn(passId: "04000002", source: .nfc)
        #expect(throws: SyncError.self) { try f.sync(second).writer.write() }
        let status = try f.sync(second).status()
        #expect(status.stopped?.contains("another machine writes under terminal id TA") == true)
        // It stays stopped, says what to do, and wrote nothing under TA.
        do {
            _ = try f.sync(second).pass()
            Issue.record("a stopped desk wrote")
        } catch {
            #expect("\(error)".contains("memberdesk sync reset-id"))
        }
        #expect(try f.files("TA").filter { $0.hasPrefix("snapshot-") }.count == 1)
        // The first desk is not disturbed.
        _ = try first.club.checkIn(passId: "04000003", source: .nfc)
        #expect(try f.sync(first).writer.write().file != nil)
        // reset-id: a new id, a new subfolder; what it authored travels under it.
        let reset = try second.database.resetTerminalId(from: "TA", to: "TB")
        #expect(reset.oldTerminalId == "TA" && reset.resigned >= 1)
        let renamed = try SyncTestTerminal(id: "TB", clock: f.clock, database: second.database)
        _ = try f.sync(renamed).pass()
        _ = try f.sync(first).pass()
        #expect(try first.database.member(idOrPass: "04000002") != nil)
    }

    @Test("a database restored from a backup finds its sequence went back, stops, and reset-id recovers its lost taps")
    func restoredBackup() throws {
        let f = try SyncFolderFixture()
        let a = try f.terminal("TA")
        _ = try a.club.checkIn(passId: "04000001", source: .nfc)
        _ = try f.sync(a).writer.write()
        let backup = try a.copy()
        f.clock.advance(by: 120)
        _ = try a.club.checkIn(passId: "04000001", source: .nfc)  // made after the backup, then lost
        _ = try f.sync(a).writer.write()
        // The machine dies; its backup comes back and a tap is made before sync runs.
        f.clock.advance(by: 120)
        _ = try backup.club.checkIn(passId: "04000002", source: .nfc)
        #expect(throws: SyncError.self) { try f.sync(backup).writer.write() }
        let reset = try backup.database.resetTerminalId(from: "TA", to: "TR")
        let restored = try SyncTestTerminal(id: "TR", clock: f.clock, database: backup.database)
        let read = try f.sync(restored).pass().read
        #expect(read.errors.isEmpty)
        #expect(reset.oldTerminalId == "TA")
        // The visit made after the backup comes back from the old subfolder.
        #expect(try restored.database.member(idOrPass: "04000001")?.numVisits == 2)
    }
}
