import Foundation
import MemberDeskTestSupport
import Testing
@testable import MemberKit

/// Issue 28 #9 for files: an import refuses a member whose texts break the rule (naming it, and
/// changing nothing); a sync file's member is kept, made safe, the same on every desk.
@Suite struct UnsafeTextInFilesTests {
    static func file(name: String, pass: String = "04AA0001", memberId: String = "M-1") -> [UInt8] {
        let escaped = String(decoding: try! JSONEncoder().encode(name), as: UTF8.self)
        return Array(("[{\"memberId\":\"\(memberId)\",\"passId\":\"\(pass)\",\"username\":\(escaped),\"timeStampAdded\":1000,"
            + "\"numVisits\":1,\"timeStampOfLastVisit\":1000,\"memberdesk\":{\"modifiedAt\":1000,\"modifiedBy\":\"T9\","
            + "\"status\":\"active\",\"visitCounters\":{\"T9\":1}}}]\n").utf8)
    }

    @Test func anImportRefusesAControlCharacterAndChangesNothing() throws {
        let desk = try SyncTestTerminal(id: "T1")
        try desk.club.addMember(passId: "04000001", username: "Existing")
        let before = try desk.state()
        let error = try #require(throws: ExchangeError.self) { try desk.importBytes(Self.file(name: "\u{1B}[2JEve")) }
        #expect("\(error)" == "test.musrl (member 1): name: a control character (U+001B) at character 1; "
                + "names, e-mails and notes are one line of plain text")
        #expect(throws: ExchangeError.self) { try desk.plan(Self.file(name: String(repeating: "x", count: 201))) }
        #expect(try desk.state() == before)
    }

    @Test func aSpreadsheetRowIsRefusedToo() throws {
        let desk = try SyncTestTerminal(id: "T1")
        let csv = Array("Member ID,Pass ID,Name,Added,Visits\nM-1,P1,\"Ann\u{9B}2J\",2026-01-01T00:00:00Z,0\n".utf8)
        let error = try #require(throws: ExchangeError.self) { try desk.importBytes(csv, .csv) }
        #expect("\(error)".contains("name: a control character (U+009B) at character 4"), "\(error)")
        #expect(try desk.database.member(idOrPass: "P1") == nil)
    }

    @Test func aSyncFileMemberIsKeptMadeSafeOnEveryDesk() throws {
        let f = try SyncFolderFixture()
        let a = try f.terminal("T1"), b = try f.terminal("T2")
        try f.plant("T9", "snapshot-000000000001.musrl", Self.file(name: "\u{1B}[2JEve\u{202E}x"))
        for desk in [a, b] {
            let report = try f.sync(desk).reader.read()
            #expect(report.errors.isEmpty, "\(report.errors)")
            let eve = try #require(try desk.database.member(id: "M-1"))
            #expect(eve.username == "\u{FFFD}[2JEve\u{FFFD}x")
            #expect(eve.numVisits == 1)
        }
        #expect(try a.state() == b.state())
    }
}
