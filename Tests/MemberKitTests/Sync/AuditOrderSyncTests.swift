import FolderSync
import Foundation
import MemberDeskTestSupport
import Testing
@testable import MemberKit

/// Entries of one millisecond, made on different desks, arrive in a different order at each desk;
/// the record is listed by (time, desk, row), so after sync every desk lists it alike, and each
/// desk's own entries of one instant in the order it made them.
@Suite("Audit order through sync")
struct AuditOrderSyncTests {
    @Test("taps in the same millisecond on two desks are listed in the same order on both, after sync")
    func sameMillisecondSameOrder() throws {
        let desks = try TwoSyncDesks(folderPrefix: "audit-order", settings: ClubSettings(debounce: 0))
        desks.clock.set(Date(timeIntervalSince1970: 1_795_464_000.25))
        // Each desk records its own entries first, then merges the other's: arrival order differs.
        for (index, terminal) in [desks.a, desks.b].enumerated() {
            for pass in ["04DD000\(index)1", "04DD000\(index)2"] { _ = try terminal.club.checkIn(passId: pass, source: .nfc) }
            try terminal.club.record(.export, by: .cli(user: "t\(index)"))
        }
        for _ in 0..<2 {
            for terminal in [desks.a, desks.b] {
                _ = try StaffSync(database: terminal.database, terminal: terminal.club.terminal, folder: SyncFolder(path: desks.folder, files: LocalSyncFolderFiles()), clock: terminal.club.clock).pass()
            }
        }
        let listed = try [desks.a, desks.b].map { try $0.database.auditEntries(AuditQuery()) }
        #expect(listed[0].count == 6)
        #expect(Set(listed[0].map(\.time)).count == 1, "the entries share one instant")
        #expect(listed[0] == listed[1])
        // By desk within the instant, and each desk's entries in the order it made them.
        #expect(listed[0].map(\.deskId) == listed[0].map(\.deskId).sorted())
        for desk in Set(listed[0].map(\.deskId)) {
            let made = listed[0].filter { $0.deskId == desk }
            #expect(made.map(\.action) == [.enrol, .enrol, .export], "\(desk)")
            #expect(made.prefix(2).map { $0.detail["pass"]?.hasSuffix("1") == true } == [true, false], "\(desk)")
        }
        // The desk's audit view (the newest few) and a filtered listing agree too.
        let newest = try [desks.a, desks.b].map { try $0.database.auditEntries(AuditQuery(newest: 3)) }
        #expect(newest[0] == newest[1] && newest[0] == Array(listed[0].suffix(3)))
        let enrols = try [desks.a, desks.b].map { try $0.database.auditEntries(AuditQuery(action: .enrol)) }
        #expect(enrols[0] == enrols[1] && enrols[0].count == 4)
    }
}
