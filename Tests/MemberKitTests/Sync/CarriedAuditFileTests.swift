import FolderSync
import Foundation
import MemberDeskTestSupport
@testable import MemberKit
import Testing

/// `audit-carried-DESK.jsonl`: the desk that took DX over writes DX's entries it holds there,
/// again whenever a merge added some since (even one whose pass died before it wrote the file),
/// and not again when nothing came.
@Suite struct CarriedAuditFileTests {
    static func entry(_ id: String, at time: Double) -> AuditEntry {
        AuditEntry(entryId: id, time: time, deskId: "DX", desk: "Old desk", operator: nil, method: .tap, action: .visit,
                   memberId: "M1", detail: ["pass": "P1"])
    }

    @Test func aCarriedDesksEntriesAreWrittenAgainAfterEveryMergeThatAddedSome() throws {
        let folder = try TemporaryDirectory()
        let taker = try SyncTestTerminal(id: "DW")
        try FileManager.default.createDirectory(atPath: folder.path + "/DX", withIntermediateDirectories: true)
        _ = try taker.database.mergeAuditEntries([Self.entry("E1", at: 100)])
        _ = try taker.database.retireSyncTerminal("DX", by: "DW")
        let sync = StaffSync(database: taker.database, terminal: taker.club.terminal, folder: SyncFolder(path: folder.path, files: LocalSyncFolderFiles()), clock: taker.club.clock)
        let path = folder.path + "/DW/" + AuditSyncFile.carriedName(of: "DX")
        func carried() throws -> [String] {
            try AuditSyncFile.parse(Array(Data(contentsOf: URL(fileURLWithPath: path))), file: AuditSyncFile.carriedName(of: "DX"),
                                    in: "DW", path: path).map(\.entryId)
        }
        // The takeover's first pass writes what it holds of DX.
        #expect(try sync.pass().errors.isEmpty)
        #expect(try carried() == ["E1"])
        // A merge adds DX's E2, and its pass dies before writing: the next pass writes it.
        _ = try taker.database.mergeAuditEntries([Self.entry("E2", at: 200)], carried: ["DX"])
        #expect(try sync.pass().auditWritten == 2)
        #expect(try carried() == ["E1", "E2"])
        // Nothing new: nothing written.
        #expect(try sync.pass().auditWritten == 0)
        // DX's own file read by a pass adds E3, which goes out at once.
        try Data(AuditSyncFile.bytes([Self.entry("E3", at: 300)])).write(to: URL(fileURLWithPath: folder.path + "/DX/" + AuditSyncFile.name(first: 1, last: 1)))
        let read = try sync.pass()
        #expect(read.auditAdded == 1 && read.errors.isEmpty)
        #expect(try carried() == ["E1", "E2", "E3"])
    }
}
