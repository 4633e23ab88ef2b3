import Foundation
@testable import MemberCore
import MemberDeskTestSupport
@_spi(Testing) @testable import MemberKit
import Testing

/// The store's read of visits (`forEachVisitSpan`, behind `visits` and the report): the pairing
/// rule, a range whose open visits are resolved by lookups, and far-future events kept out.
@Suite struct ReportReadTests {
    typealias F = OccupancyFixture

    /// A club with members A, B and R1…R`others`.
    static func club(others: Int) throws -> F {
        let f = try F()
        for pass in ["A", "B"] + (1...others).map({ "R\($0)" }) { try f.club.addMember(passId: pass) }
        return f
    }

    @Test func anEntryWhoseExitComesLongAfterTheRangeStillGetsIt() throws {
        let f = try Self.club(others: 40)
        try f.tap("A", at: F.at(9))
        try f.tap("B", at: F.at(9, 30))
        // 80 events of others after `until`: more than reading on is worth for two waiting entries,
        // so the read stops and looks A's and B's next events up.
        for n in 1...40 {
            try f.tap("R\(n)", at: F.at(11, n))
            _ = try f.club.checkOut(passId: "R\(n)", at: F.at(12, n))
        }
        _ = try f.club.checkOut(passId: "A", at: F.at(18))
        try f.tap("B", at: F.at(19))  // B's next event is an entry: it ends B's first visit (one person inside once)
        let until = F.at(10).timeIntervalSince1970
        let early = try f.database.visitSpans(until: until)
        try #require(early.count == 2)
        #expect(early[0].exited == F.at(18) && early[0].exitKind == .staff)
        #expect(early[1].exited == F.at(19) && early[1].exitKind == .reentry)
        // The same visits as the whole list holds for them.
        let all = try f.database.visitSpans()
        #expect(all.count == 43)
        #expect(Array(all.prefix(2)) == early)
        #expect(try f.database.visitSpans(since: F.at(11).timeIntervalSince1970, until: F.at(13).timeIntervalSince1970).count == 40)
    }

    @Test func eventsOfTheSameTimeArePairedInIdOrder() throws {
        let base = F.at(9).timeIntervalSince1970
        func event(_ id: String, _ kind: VisitEvent.Kind, _ time: Double) -> VisitEvent {
            VisitEvent(eventId: id, memberId: "M", kind: kind, time: time, terminalId: "T", source: "nfc")
        }
        // Stored in the order the ids do not give: "a" (an entry) before "b" (its exit) at 10:00.
        let events = [event("c", .entry, base), event("b", .exit, base + 3600), event("a", .entry, base + 3600)]
        for order in [events, events.reversed()] {
            let database = try AppDatabase.inMemory()
            for event in order { _ = try database.write { store in try store.recordEvent(event) } }
            let spans = try database.visitSpans()
            #expect(spans.map(\.visitId) == ["c", "a"])
            // "c" is followed by entry "a" (id order at 10:00), which ends it; "a" is closed by "b".
            #expect(spans.map { $0.exited?.timeIntervalSince1970 } == [base + 3600, base + 3600])
            #expect(spans.map(\.exitKind) == [.reentry, .tap])
        }
    }

    @Test func aReadStopsAtItsThroughBoundAndLeavesTheRestOpen() throws {
        let f = try Self.club(others: 1)
        try f.tap("A", at: F.at(9))
        _ = try f.club.checkOut(passId: "A", at: F.at(9, day: 5))  // a desk whose clock ran days ahead
        var spans: [VisitSpan] = []
        try f.database.read { store in
            try store.forEachVisitSpan(VisitSpanRange(through: F.at(9, day: 1).timeIntervalSince1970)) { spans.append($0) }
        }
        #expect(spans.count == 1 && spans[0].exited == nil)
    }

    @Test func theReportLeavesOutAndCountsEventsLaterThanTomorrow() throws {
        let f = try Self.club(others: 1)
        try f.tap("A", at: F.at(9))
        _ = try f.club.checkOut(passId: "A", at: F.at(10))
        try f.tap("B", at: F.at(9))
        // B's exit and a later visit of R1 come from a desk whose clock is days ahead.
        _ = try f.club.checkOut(passId: "B", at: F.at(10, day: 3))
        try f.tap("R1", at: F.at(11, day: 4))
        let period = try ReportPeriod(from: "2026-01-01", to: "2026-01-07", timeZone: TimeZone(identifier: "UTC")!)
        let read = try f.database.reportFigures(period: period, now: F.at(12))
        #expect(read.futureEvents == 2)
        #expect(read.figures.futureVisitsIgnored == 1)
        #expect(read.figures.visits == 2)
        // B's far exit is not believed: B counts as inside until now.
        #expect(read.figures.openVisits == 1 && read.figures.closedVisits == 1)
        #expect(read.figures.averageStay == 3600)
    }
}
