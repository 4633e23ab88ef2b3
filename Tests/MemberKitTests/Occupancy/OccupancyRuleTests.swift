import Foundation
@_spi(Decisions) import MemberCore
import MemberDeskTestSupport
@_spi(Testing) @testable import MemberKit
import Testing

@Suite struct OccupancyRuleTests {
    typealias F = OccupancyFixture

    @Test func inModeEveryTapIsAnEntry() throws {
        let f = try F()
        try f.club.addMember(passId: "P1", username: "Anna")
        #expect(try f.tap("P1", at: F.at(9)).outcome.name == "checkedIn")
        let again = try f.tap("P1", at: F.at(10))
        #expect(again.outcome.name == "checkedIn")
        #expect(again.inside == true)
        #expect(again.insideCount == 1)
    }

    @Test func toggleWithinMinimumStayIsADuplicateAndAfterItAnExit() throws {
        let f = try F(OccupancySettings(tap: .toggle, minStay: 120))
        try f.club.addMember(passId: "P1", username: "Anna")
        try f.tap("P1", at: F.at(9))
        let early = try f.tap("P1", at: F.at(9, 1))
        guard case .duplicate(_, let since) = early.outcome else { Issue.record("\(early.outcome)"); return }
        #expect(since == 60)
        #expect(early.inside == true)
        let exit = try f.tap("P1", at: F.at(10, 25))
        guard case .checkedOut(let member, let stay) = exit.outcome else { Issue.record("\(exit.outcome)"); return }
        #expect(stay == 85 * 60)
        #expect(member.numVisits == 1)  // an exit counts no visit
        #expect(exit.outcome.message == "Goodbye, Anna — 1 h 25 min")
        #expect(exit.inside == false)
        #expect(exit.insideCount == 0)
        #expect(try f.database.member(idOrPass: "P1")?.numVisits == 1)
        // The next tap is an entry again.
        #expect(try f.tap("P1", at: F.at(11)).outcome.name == "checkedIn")
    }

    @Test func toggleWithZeroMinimumStayExitsAtOnce() throws {
        // At the same instant too: the exit is placed just after the entry, whatever the ids.
        for _ in 0..<20 {
            let f = try F(OccupancySettings(tap: .toggle, minStay: 0))
            try f.club.addMember(passId: "P1")
            try f.tap("P1", at: F.at(9))
            #expect(try f.tap("P1", at: F.at(9)).outcome.name == "checkedOut")
            #expect(try f.database.insideCount() == 0)
            try f.tap("P1", at: F.at(9))
            f.clock.set(F.at(9))
            #expect(try f.club.checkOut(passId: "P1").outcome.name == "checkedOut")
            #expect(try f.club.checkOut(passId: "P1").outcome.name == "notInside")
        }
    }

    @Test func exitDeskChecksOutOrSaysNotInside() throws {
        let f = try F(OccupancySettings(tap: .out))
        try f.club.addMember(passId: "P1")
        let outside = try f.tap("P1", at: F.at(9))
        #expect(outside.outcome.name == "notInside")
        #expect(!outside.outcome.isAccepted)
        // An entry recorded elsewhere (a staff entry through another desk's settings), then the exit desk.
        let entryDesk = try F(database: f.database)
        try entryDesk.tap("P1", at: F.at(9, 5))
        #expect(try f.tap("P1", at: F.at(9, 6)).outcome.name == "checkedOut")
        #expect(try f.database.insideCount() == 0)
    }

    @Test func anExitIsNeverRefused() throws {
        let f = try F(OccupancySettings(tap: .toggle, minStay: 0))
        let member = try f.club.addMember(passId: "P1")
        try f.tap("P1", at: F.at(9))
        try f.club.updateMember(id: member.memberId, MemberChanges(status: .suspended))
        #expect(try f.tap("P1", at: F.at(10)).outcome.name == "checkedOut")
    }

    @Test func capacityRefusesAnEntryButNotAMemberInside() throws {
        let f = try F(OccupancySettings(capacity: 2))
        for pass in ["A", "B", "C"] { try f.club.addMember(passId: pass) }
        try f.tap("A", at: F.at(9))
        try f.tap("B", at: F.at(9, 1))
        let full = try f.tap("C", at: F.at(9, 2))
        guard case .refused(_, .capacity) = full.outcome else { Issue.record("\(full.outcome)"); return }
        #expect(full.insideCount == 2 && full.capacity == 2)
        #expect(try f.database.member(idOrPass: "C")?.numVisits == 0)
        // A member already inside tapping again is never refused for capacity.
        #expect(try f.tap("A", at: F.at(9, 3)).outcome.name == "checkedIn")
        #expect(try f.database.insideCount() == 2)
    }

    @Test func capacityWarnLetsInWithAWarning() throws {
        let f = try F(OccupancySettings(capacity: 1, whenFull: .warn))
        for pass in ["A", "B"] { try f.club.addMember(passId: pass) }
        try f.tap("A", at: F.at(9))
        let report = try f.tap("B", at: F.at(9, 1))
        #expect(report.outcome.name == "checkedIn")
        #expect(report.warnings == ["Full (1/1) — let in"])
        #expect(report.insideCount == 2)
    }

    @Test func capacityRefusesAnEnrolmentWithoutAddingTheMember() throws {
        let f = try F(OccupancySettings(capacity: 1))
        try f.club.addMember(passId: "A")
        try f.tap("A", at: F.at(9))
        guard case .refused(_, .capacity) = try f.tap("NEW", at: F.at(9, 1)).outcome else { Issue.record("not refused"); return }
        #expect(try f.database.member(idOrPass: "NEW") == nil)
    }

    @Test func staffCheckOutAndNotInsideAndUnknown() throws {
        let f = try F()
        try f.club.addMember(passId: "P1", username: "Anna")
        f.clock.set(F.at(9))
        #expect(try f.club.checkOut(passId: "P1").outcome.name == "notInside")
        try f.tap("P1", at: F.at(9))
        f.clock.set(F.at(9, 30))
        let report = try f.club.checkOut(passId: "P1")
        #expect(report.outcome.name == "checkedOut")
        #expect(try f.database.visitEvents(memberId: report.outcome.member!.memberId).last?.exitKind == .staff)
        #expect(try f.club.checkOut(passId: "NOPE").outcome.name == "unknownPass")
        #expect(try f.database.visitEventCount() == 2)
        #expect(try f.database.member(idOrPass: "P1")?.numVisits == 1)
    }

    @Test func checkOutAllChecksEveryoneOut() throws {
        let f = try F()
        for pass in ["A", "B", "C"] {
            try f.club.addMember(passId: pass)
            try f.tap(pass, at: F.at(9))
        }
        f.clock.set(F.at(12))
        #expect(try f.club.checkOutAll() == 3)
        #expect(try f.club.insideCount() == 0)
        #expect(f.events.drain().contains { if case .occupancy(let n) = $0 { n.checkedOut == 3 && n.insideCount == 0 } else { false } })
    }

    @Test func closingTimeChecksEveryoneOutAndIsCaughtUpAfterARestart() throws {
        let f = try F(OccupancySettings(closingMinute: 22 * 60))
        try f.club.addMember(passId: "A")
        try f.club.addMember(passId: "B")
        try f.tap("A", at: F.at(18))
        try f.tap("B", at: F.at(21, 59))
        #expect(try f.club.insideCount(at: F.at(21, 59, day: 0)) == 2)
        // No desk ran at 22:00; a desk started the next morning closes the day when asked.
        let restarted = try F(OccupancySettings(closingMinute: 22 * 60), database: f.database)
        #expect(try restarted.club.insideCount(at: F.at(8, day: 1)) == 0)
        let spans = try f.database.visitSpans()
        #expect(spans.map(\.exitKind) == [.auto, .auto])
        #expect(spans.map { $0.exited?.timeIntervalSince1970 } == [F.at(22).timeIntervalSince1970, F.at(22).timeIntervalSince1970])
        // Closing again adds nothing.
        #expect(try restarted.club.closeOverdueVisits(at: F.at(9, day: 1)) == 0)
        #expect(try f.database.visitEventCount() == 4)
    }

    @Test func twoDesksClosingTheSameVisitMintTheSameExit() throws {
        let settings = OccupancySettings(closingMinute: 22 * 60)
        let a = try F(settings)
        try a.club.addMember(passId: "A")
        try a.tap("A", at: F.at(20))
        let b = try F(settings, database: a.database, terminalName: "B")
        #expect(try a.club.closeOverdueVisits(at: F.at(23)) == 1)
        #expect(try b.club.closeOverdueVisits(at: F.at(23, 30)) == 0)
    }

    @Test func aTapAfterClosingIsAnEntryAgain() throws {
        let f = try F(OccupancySettings(tap: .toggle, minStay: 120, closingMinute: 22 * 60))
        try f.club.addMember(passId: "A")
        try f.tap("A", at: F.at(20))
        // The next morning the first tap is an entry: last night's visit was closed at 22:00.
        #expect(try f.tap("A", at: F.at(9, day: 1)).outcome.name == "checkedIn")
    }

    @Test func maxStayChecksOutAfterTheLongestStay() throws {
        let f = try F(OccupancySettings(maxStay: 3 * 3600))
        try f.club.addMember(passId: "A")
        try f.club.addMember(passId: "B")
        try f.tap("A", at: F.at(9))
        try f.tap("B", at: F.at(11))
        #expect(try f.club.closeOverdueVisits(at: F.at(12, 30)) == 1)
        #expect(try f.club.insideCount(at: F.at(12, 30)) == 1)
        let spans = try f.database.visitSpans()
        #expect(spans[0].exited == F.at(12))
        #expect(spans[0].exitKind == .auto)
        #expect(spans[1].exited == nil)
    }

    @Test func closingRuleTakesTheEarlierOfClosingAndMaxStay() {
        var settings = OccupancySettings(closingMinute: 22 * 60, maxStay: 4 * 3600)
        settings.calendar = F.utc
        let since = F.at(20).timeIntervalSince1970
        #expect(ClosingRule.exitTime(since: since, now: F.at(21).timeIntervalSince1970, settings: settings) == nil)
        #expect(ClosingRule.exitTime(since: since, now: F.at(23).timeIntervalSince1970, settings: settings)
                == F.at(22).timeIntervalSince1970)
        let morning = F.at(7).timeIntervalSince1970
        #expect(ClosingRule.exitTime(since: morning, now: F.at(23).timeIntervalSince1970, settings: settings)
                == F.at(11).timeIntervalSince1970)
        // An entry after closing time closes at the next day's.
        let late = F.at(22, 30).timeIntervalSince1970
        settings.maxStay = 0
        #expect(ClosingRule.exitTime(since: late, now: F.at(23, day: 1).timeIntervalSince1970, settings: settings)
                == F.at(22, day: 1).timeIntervalSince1970)
    }

    @Test func closingTimeParsing() {
        #expect(ClosingRule.parseClosingTime("22:00") == .some(1320))
        #expect(ClosingRule.parseClosingTime("7:05") == .some(425))
        #expect(ClosingRule.parseClosingTime("") == .some(nil))
        for bad in ["24:00", "22", "22:0", "ab:cd", "22:00:00", "-1:00"] { #expect(ClosingRule.parseClosingTime(bad) == nil, "\(bad)") }
    }

    @Test func insideIsTheLatestEventByTimeThenId() throws {
        let f = try F()
        let member = try f.club.addMember(passId: "A")
        let base = F.at(9).timeIntervalSince1970
        let events = [
            VisitEvent(eventId: "b", memberId: member.memberId, kind: .exit, time: base, terminalId: "T2", source: "nfc"),
            VisitEvent(eventId: "a", memberId: member.memberId, kind: .entry, time: base, terminalId: "T1", source: "nfc"),
        ]
        // In either order, twice: the exit with the same time and the larger id wins.
        for order in [events, events.reversed(), events] {
            let db = try AppDatabase.inMemory()
            for event in order + order { _ = try db.write { store in try store.recordEvent(event) } }
            #expect(try db.insideCount() == 0)
            #expect(try db.visitEventCount() == 2)
        }
    }

    @Test func pruningKeepsCountersAndPresence() throws {
        let f = try F(OccupancySettings(keepDays: 400))
        try f.club.addMember(passId: "A")
        try f.tap("A", at: F.at(9))
        try f.tap("A", at: F.at(9, day: 401))
        try f.club.closeOverdueVisits(at: F.at(10, day: 401))
        #expect(try f.database.visitEventCount() == 1)
        #expect(try f.database.member(idOrPass: "A")?.numVisits == 2)
        #expect(try f.database.insideCount() == 1)
    }
}
