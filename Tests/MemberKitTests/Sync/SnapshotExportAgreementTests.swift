import Foundation
import MemberDeskTestSupport
import Testing
@testable import MemberKit

/// A snapshot and an export read the store through one cursor (`ExchangeSelection`): a member
/// they disagree on would make sync silently wrong, so each member a snapshot holds as a record
/// (one its desk authors) must be the export's member, field for field, with the counters the
/// snapshot carries; a member another desk authors is a tally: the export's last visit, and of
/// its counters and events exactly this desk's.
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
        // Members TB authors, one of which TA counts (and lets out).
        let counted = try b.club.addMember(passId: "04000B01", username: "Counted")
        try b.club.addMember(passId: "04000B02", username: "Not counted")
        _ = try f.sync(b).pass()
        _ = try f.sync(a).pass()
        f.clock.advance(by: 60)
        _ = try a.club.checkIn(passId: "04000B01", source: .nfc)
        f.clock.advance(by: 60)
        _ = try a.club.checkOut(passId: "04000B01")
        let written = try f.sync(a, snapshotChanges: 1).writer.write()
        #expect(written.snapshot)
        let snapshotName = try #require(try f.files("TA").last { $0.hasPrefix("snapshot-") })
        let snapshot = try Self.members(Array(try Data(contentsOf: URL(fileURLWithPath: f.folder + "/TA/" + snapshotName))))
        let export = try Self.members(a.export())
        #expect(try a.database.read { store in try Int.fetchOne(store.db, sql: "SELECT count(*) FROM member_alias") ?? 0 } == 1)
        #expect(!snapshot.isEmpty)
        #expect(snapshot[counted.memberId]?.isTally == true)
        for (memberId, member) in snapshot where member.isTally {
            let exported = try #require(export[memberId], "a tally of a member the export lacks: \(memberId)")
            #expect(exported.record.modifiedBy != "TA", "TA authors \(memberId) but sent a tally")
            #expect(member.record.timeStampOfLastVisit == exported.record.timeStampOfLastVisit, "last visit of \(memberId)")
            #expect(member.counters == exported.counters.filter { $0.key == "TA" }, "counters of \(memberId)")
            #expect(member.packCounters == exported.packCounters.filter { $0.key == "TA" }, "pack counters of \(memberId)")
            #expect(member.events == exported.events.filter { $0.terminalId == "TA" }, "events of \(memberId)")
            #expect(!member.events.isEmpty)
        }
        for (memberId, member) in snapshot where !member.isTally {
            var exported = try #require(export[memberId], "a snapshot member the export lacks: \(memberId)")
            #expect(exported.record.modifiedBy == "TA", "\(memberId) is \(exported.record.modifiedBy)'s, but TA sent its record")
            exported.counters = exported.counters.filter { member.counters[$0.key] != nil }
            #expect(member.record == exported.record, "record of \(memberId)")
            #expect(member.counters == exported.counters, "counters of \(memberId)")
            #expect(member.unifiedInto == exported.unifiedInto, "unifiedInto of \(memberId)")
            #expect(member.events == exported.events.filter { $0.terminalId == "TA" }, "events of \(memberId)")
        }
        // What this desk authored or counted is all there.
        for (memberId, member) in export where member.record.modifiedBy == "TA" || member.counters["TA"] != nil {
            #expect(snapshot[memberId] != nil, "authored by TA but not in its snapshot: \(memberId)")
        }
    }
}
