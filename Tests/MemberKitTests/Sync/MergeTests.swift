import Foundation
import MemberDeskTestSupport
import Testing
@testable import MemberKit

@Suite("Merge rules")
struct MergeTests {
    /// Two terminals on one shared timeline.
    static func pair() throws -> (SyncTestTerminal, SyncTestTerminal, FakeClock) {
        let clock = FakeClock()
        return (try SyncTestTerminal(id: "T1", clock: clock), try SyncTestTerminal(id: "T2", clock: clock), clock)
    }

    @Test("visits on two terminals add up and are never counted twice")
    func countersAddUp() throws {
        let (a, b, clock) = try Self.pair()
        let member = try a.club.enrolMember(passId: "04AA0001", source: .nfc)
        clock.advance(by: 100)
        try b.importBytes(a.export())
        for _ in 0..<3 {
            try a.club.checkIn(passId: "04AA0001", source: .nfc)
            try b.club.checkIn(passId: "04AA0001", source: .nfc)
            clock.advance(by: 100)
        }
        try a.importBytes(b.export())
        try b.importBytes(a.export())
        try a.importBytes(b.export())
        #expect(try a.database.member(id: member.memberId)?.numVisits == 7)
        #expect(try b.database.member(id: member.memberId)?.numVisits == 7)
        #expect(try a.state() == b.state())
        #expect(try a.database.visitCounters(memberId: member.memberId) == ["T1": 4, "T2": 3])
    }

    @Test("the same card enrolled on two terminals is unified: earliest added wins, visits combine")
    func unification() throws {
        let (a, b, clock) = try Self.pair()
        let early = try a.club.enrolMember(passId: "04BB0001", username: "Early", source: .nfc)
        clock.advance(by: 100)
        let late = try b.club.enrolMember(passId: "04BB0001", username: "Late", source: .nfc)
        clock.advance(by: 100)
        try b.club.checkIn(passId: "04BB0001", source: .nfc)
        let plan = try a.plan(b.export())
        #expect(plan.counts.unified == 1)
        #expect(plan.changes.contains { $0.kind == .unified && $0.memberId == late.memberId })
        try plan.apply()
        try b.importBytes(a.export())
        for terminal in [a, b] {
            let live = try terminal.liveMembers()
            #expect(live.map(\.memberId) == [early.memberId])
            #expect(live.first?.numVisits == 3)
            #expect(try terminal.database.member(id: late.memberId)?.isDeleted == true)
        }
        #expect(try a.state() == b.state())
        // Re-imports stay idempotent, and a check-in after unification counts on the survivor.
        let before = try a.state()
        try a.importBytes(b.export())
        #expect(try a.state() == before)
        clock.advance(by: 100)
        try b.club.checkIn(passId: "04BB0001", source: .nfc)
        try a.importBytes(b.export())
        #expect(try a.liveMembers().first?.numVisits == 4)
    }

    @Test("last writer wins for fields; a tombstone beats older edits and loses to newer ones")
    func lastWriterWins() throws {
        let (a, b, clock) = try Self.pair()
        let member = try a.club.addMember(passId: "04CC0001", username: "Original")
        try b.importBytes(a.export())
        clock.advance(by: 10)
        try a.club.updateMember(id: member.memberId, MemberChanges(username: .some("From A")))
        clock.advance(by: 10)
        try b.club.updateMember(id: member.memberId, MemberChanges(username: .some("From B")))
        try a.importBytes(b.export())
        #expect(try a.database.member(id: member.memberId)?.username == "From B")
        clock.advance(by: 10)
        try a.club.deleteMember(id: member.memberId)
        let tombstoneFile = try a.export()
        let plan = try b.plan(tombstoneFile)
        #expect(plan.counts.deleted == 1)
        try plan.apply()
        #expect(try b.database.member(id: member.memberId)?.isDeleted == true)
        // An older edit does not bring the member back.
        let stale = try SyncTestTerminal(id: "T0", clock: clock)
        try stale.importBytes(Array(#"[{"memberId":"\#(member.memberId)","passId":"04CC0001","username":"Stale","timeStampAdded":1,"numVisits":0,"timeStampOfLastVisit":0}]"#.utf8))
        try b.importBytes(stale.export())
        #expect(try b.database.member(id: member.memberId)?.isDeleted == true)
    }

    @Test("a name edited in an exported spreadsheet or .mucsv wins on import, once, on every terminal",
          arguments: [ExchangeFormat.csv, .mucsv])
    func editsToAnExportedFileWin(format: ExchangeFormat) throws {
        let (a, b, clock) = try Self.pair()
        let member = try a.club.addMember(passId: "04AA0001", username: "Ann Lee")
        try b.importBytes(a.export(format), format)
        let exported = String(decoding: try a.export(format), as: UTF8.self)
        #expect(exported.contains("Ann Lee"))
        let edited = Array(exported.replacingOccurrences(of: "Ann Lee", with: "Anne Leigh").utf8)
        clock.advance(by: 100)

        let counts = try a.importBytes(edited, format)
        #expect(counts.updated == 1)
        let stored = try #require(try a.database.member(id: member.memberId))
        #expect(stored.username == "Anne Leigh")
        #expect(stored.modifiedBy == "T1" && stored.modifiedAt == clock.now().timeIntervalSince1970)
        #expect(try a.importBytes(edited, format).unchanged == 1)  // the edit is applied once

        // Another terminal holding the old version takes the edit from the file too, and the
        // two agree once they sync.
        #expect(try b.importBytes(edited, format).updated == 1)
        #expect(try b.database.member(id: member.memberId)?.username == "Anne Leigh")
        try a.importBytes(b.export())
        try b.importBytes(a.export())
        #expect(try a.state() == b.state())
    }

    @Test("a plain ClubKit file's numVisits is a 'clubkit' counter: re-importing never lowers or doubles it")
    func clubKitCounter() throws {
        let (a, _, _) = try Self.pair()
        func file(_ visits: Int) -> [UInt8] {
            Array(#"[{"memberId":"K","passId":"04DD0001","username":"K","timeStampAdded":5,"numVisits":\#(visits),"timeStampOfLastVisit":9}]"#.utf8)
        }
        try a.importBytes(file(5))
        try a.club.checkIn(passId: "04DD0001", source: .nfc)
        #expect(try a.database.member(id: "K")?.numVisits == 6)
        try a.importBytes(file(5))
        try a.importBytes(file(3))
        #expect(try a.database.member(id: "K")?.numVisits == 6)
        try a.importBytes(file(8))
        #expect(try a.database.member(id: "K")?.numVisits == 9)
        #expect(try a.database.visitCounters(memberId: "K") == ["clubkit": 8, "T1": 1])
    }

    @Test("an applied import publishes .imported with the counts")
    func importedEvent() throws {
        let (a, b, _) = try Self.pair()
        try a.club.addMember(passId: "04EE0001")
        let bus = EventBus()
        let subscription = bus.subscribe()
        let plan = try MergePlanner(database: b.database, bus: bus).plan(.bytes(try a.export(), format: .musrl, name: "a.musrl"))
        #expect(subscription.drain().isEmpty)  // planning publishes nothing and writes nothing
        #expect(try b.liveMembers().isEmpty)
        try plan.apply()
        guard case .imported(let notice)? = subscription.drain().first else {
            Issue.record("expected .imported")
            return
        }
        #expect(notice.file == "a.musrl")
        #expect(notice.new == 1)
    }
}
