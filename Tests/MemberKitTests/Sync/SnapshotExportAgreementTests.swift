import Foundation
import MemberDeskTestSupport
import Testing
@testable import MemberKit

/// A snapshot and an export read the store through one cursor (`ExchangeSelection`): a member
/// they disagree on would make sync silently wrong, so each member a snapshot holds must be the
/// export's member, field for field, with the counters the snapshot carries.
@Suite("Snapshot and export agree")
struct SnapshotExportAgreementTests {
    static func members(_ bytes: [UInt8]) throws -> [String: ExchangeMember] {
        let decoder = MusrlDecoder(reader: ByteReader(bytes: bytes), name: "test")
        var members: [String: ExchangeMember] = [:]
        while let member = try decoder.next() { members[member.record.memberId] = member }
        return members
    }

    @Test("every member of a snapshot is the export's, with visits, edits, deletions and a unified pair")
    func snapshotMembersAreExportMembers() throws {
        let f = try SyncFolderFixture()
        let a = try f.terminal("TA"), b = try f.terminal("TB")
        for index in 0..<6 { try a.club.addMember(passId: String(format: "0400%04X", index), username: "Member \(index)") }
        _ = try a.club.checkIn(passId: "04000001", source: .nfc)
        _ = try a.club.checkIn(passId: "04000002", source: .nfc)
        let renamed = try #require(try a.database.member(idOrPass: "04000002"))
        try a.club.updateMember(id: renamed.memberId, MemberChanges(username: .some("Renamed")))
        let gone = try #require(try a.database.member(idOrPass: "04000003"))
        try a.club.deleteMember(id: gone.memberId)
        // The same card enrolled on two desks: one member is unified into the other.
        f.clock.advance(by: 5)
        _ = try b.club.checkIn(passId: "04000FFF", source: .nfc)
        f.clock.advance(by: 5)
        _ = try a.club.checkIn(passId: "04000FFF", source: .nfc)
        _ = try f.sync(b).pass()
        _ = try f.sync(a).pass()
        _ = try a.club.checkIn(passId: "04000004", source: .nfc)
        let written = try f.sync(a, snapshotChanges: 1).writer.write()
        #expect(written.snapshot)
        let snapshotName = try #require(try f.files("TA").last { $0.hasPrefix("snapshot-") })
        let snapshot = try Self.members(Array(try Data(contentsOf: URL(fileURLWithPath: f.folder + "/TA/" + snapshotName))))
        let export = try Self.members(a.export())
        #expect(try a.database.read { store in try Int.fetchOne(store.db, sql: "SELECT count(*) FROM member_alias") ?? 0 } == 1)
        #expect(!snapshot.isEmpty)
        for (memberId, member) in snapshot {
            var exported = try #require(export[memberId], "a snapshot member the export lacks: \(memberId)")
            exported.counters = exported.counters.filter { member.counters[$0.key] != nil }
            #expect(member.record == exported.record, "record of \(memberId)")
            #expect(member.counters == exported.counters, "counters of \(memberId)")
            #expect(member.unifiedInto == exported.unifiedInto, "unifiedInto of \(memberId)")
        }
        // What this desk authored or counted is all there.
        for (memberId, member) in export where member.record.modifiedBy == "TA" || member.counters["TA"] != nil {
            #expect(snapshot[memberId] != nil, "authored by TA but not in its snapshot: \(memberId)")
        }
    }
}
