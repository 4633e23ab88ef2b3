import Foundation
import GRDB
@_spi(Decisions) import MemberCore
import MemberDeskTestSupport
@testable import MemberKit
import Testing

/// Issue #46 item 3: a purge travels as an edit that no copy of the member undoes, whatever
/// order the files arrive in: an older full copy (a file from before the purge), a newer edit
/// made offline at a desk that had not yet heard of the deletion, the purge read twice.
@Suite("Purge: an erased tombstone wins every merge")
struct PurgeMergeTests {
    static let personal = ["Ingrid", "ingrid.vl@example.org", "Allergic to latex", "04C1D2E3", "gloves"]

    static func bytesHold(_ bytes: [UInt8]) -> [String] {
        personal.filter { Data(bytes).range(of: Data($0.utf8)) != nil }
    }

    /// Every personal value still in a terminal's members or audit details.
    static func held(_ terminal: SyncTestTerminal) throws -> [String] {
        let text = try terminal.state() + terminal.database.read { store in
            try String.fetchAll(store.db, sql: "SELECT detail FROM audit").joined(separator: "\n")
        }
        return personal.filter { text.contains($0) }
    }

    @Test("an older full copy and a later offline edit, in any order, never bring the data back; both desks end equal")
    func purgeBeatsOlderAndNewerCopies() throws {
        let clock = FakeClock()
        let a = try SyncTestTerminal(id: "DA", clock: clock), b = try SyncTestTerminal(id: "DB", clock: clock)
        let ingrid = try a.club.addMember(passId: "04C1D2E3", username: "Ingrid Vasquez-Lund",
                                          fields: ["userEmailAddress": .string("ingrid.vl@example.org")], note: "Allergic to latex")
        _ = try a.club.checkIn(passId: "04C1D2E3", source: .nfc)
        let beforePurge = try a.export()
        try b.importBytes(beforePurge)
        clock.advance(by: 60)
        try a.club.deleteMember(id: ingrid.memberId)
        clock.advance(by: 60)
        try a.club.purgeMember(id: ingrid.memberId)
        let purged = try a.export()
        #expect(Self.bytesHold(purged).isEmpty, "the purged export still holds \(Self.bytesHold(purged))")
        // B, not yet told, edits Ingrid after A's purge (its clock is later): a newer edit of every field it touches.
        clock.advance(by: 60)
        _ = try b.club.updateMember(id: ingrid.memberId, MemberChanges(note: "Allergic to latex gloves"))
        let offlineEdit = try b.export()

        for order in [[beforePurge, offlineEdit, purged], [purged, beforePurge, offlineEdit], [offlineEdit, purged, purged, beforePurge]] {
            let desk = try SyncTestTerminal(id: "DC", clock: clock)
            for file in order { try desk.importBytes(file) }
            let held = try Self.held(desk)
            #expect(held.isEmpty, "\(held)")
            #expect(try desk.database.member(id: ingrid.memberId)?.isPurged == true, "the erased member is not erased here")
        }
        try a.importBytes(beforePurge)
        try a.importBytes(offlineEdit)
        try b.importBytes(purged)
        try b.importBytes(beforePurge)
        let (heldA, heldB) = (try Self.held(a), try Self.held(b))
        #expect(heldA.isEmpty, "A: \(heldA)")
        #expect(heldB.isEmpty, "B: \(heldB)")
        #expect(try a.state() == b.state())
        #expect(try b.database.visitCounters(memberId: ingrid.memberId) == [a.club.terminal.id: 1])
    }

    @Test("a person enrolled at two desks is erased whole: both enrolments, still one group, the visits unchanged")
    func unifiedEnrolmentsAreErasedTogether() throws {
        let clock = FakeClock()
        let a = try SyncTestTerminal(id: "DA", clock: clock), b = try SyncTestTerminal(id: "DB", clock: clock)
        let first = try a.club.addMember(passId: "04C1D2E3", username: "Ingrid Vasquez-Lund")
        _ = try a.club.checkIn(passId: "04C1D2E3", source: .nfc)
        clock.advance(by: 60)
        let second = try b.club.addMember(passId: "04C1D2E3", username: "Ingrid V", note: "Allergic to latex")
        _ = try b.club.checkIn(passId: "04C1D2E3", source: .nfc)
        try b.importBytes(a.export())
        try a.importBytes(b.export())
        let total = try #require(try a.database.member(id: first.memberId)).numVisits
        #expect(total == 2, "the two enrolments are one member with both visits")
        clock.advance(by: 60)
        try a.club.deleteMember(id: first.memberId)
        clock.advance(by: 60)
        try a.club.purgeMember(id: second.memberId)  // the unified enrolment's id finds the person
        try b.importBytes(a.export())
        try a.importBytes(b.export())
        for desk in [a, b] {
            let held = try Self.held(desk)
            #expect(held.isEmpty, "\(held)")
            for id in [first.memberId, second.memberId] {
                #expect(try desk.database.member(id: id)?.isPurged == true, "\(id) is not erased")
            }
            #expect(try desk.database.member(id: first.memberId)?.numVisits == total)
        }
        #expect(try a.state() == b.state())
    }

    @Test("the merge of an erased tombstone with any copy is the erased tombstone, in either order")
    func mergeRuleAbsorbs() throws {
        let full = MemberRecord(memberId: "M1", passId: "04C1D2E3", username: "Ingrid", timeStampAdded: 10, timeStampOfLastVisit: 50,
                                note: "Allergic to latex", modifiedAt: 500, modifiedBy: "DB")
        var deleted = full
        deleted.deletedAt = 100
        deleted.modifiedAt = 100
        let erased = MemberPurge.erased(deleted, pass: MemberPurge.erasedPass(of: "M1"), at: 200, by: "DA")
        for (x, y) in [(erased, full), (full, erased)] {
            let merged = MergeRules.merge(x, y, calendar: .gregorianUTC)
            #expect(merged.conflicts.isEmpty)
            #expect(merged.record.isPurged && merged.record.username == nil && merged.record.note == nil)
            #expect(merged.record.timeStampOfLastVisit == 50 && merged.record.timeStampAdded == 10)
        }
        #expect(MergeRules.merge(erased, full, calendar: .gregorianUTC).record == MergeRules.merge(full, erased, calendar: .gregorianUTC).record)
    }
}
