import Foundation
import MemberDeskTestSupport
@testable import MemberKit
import Testing

/// Issue 47 item 5: a desk's pass reads the operators' and the audit record's side files on the
/// desk's clock, as it does the SUN counters and the phones' claims: the seen-table says when each
/// was read by that clock (here a fake one, months from the machine's), never by the machine's.
@Suite struct SideFileClockTests {
    @Test func theStaffAndAuditFilesAreSeenAtTheDesksClock() throws {
        let desks = try SyncFolderFixture()
        let desk = try desks.terminal("T1")
        desks.clock.set(Date(timeIntervalSince1970: 1_000_000_000))
        // Another desk's files, bad ones: each is still noted as read, with its error.
        try desks.plant("T9", StaffSyncFile.fileName, Array("not a staff file".utf8))
        let audit = AuditSyncFile.name(first: 1, last: 1)
        try desks.plant("T9", audit, Array("not an audit file".utf8))
        _ = try desks.sync(desk).pass()
        for name in [StaffSyncFile.fileName, audit] {
            let seen = try #require(try desk.database.syncFile(terminalId: "T9", name: name))
            #expect(seen.error != nil)
            #expect(seen.readAt == 1_000_000_000, "\(name) seen at \(seen.readAt)")
        }
    }
}
