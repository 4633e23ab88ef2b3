import Foundation
@_spi(Decisions) import MemberCore
import MemberDeskTestSupport
@_spi(Testing) @testable import MemberKit
import Testing

/// Guests through the store: they count inside and against capacity, leave with their host or by
/// themselves, use the plan's allowance, travel between desks, and survive a restart of the count.
@Suite struct GuestsInsideTests {
    typealias F = OccupancyFixture

    @Test func guestsCountInsideAndLeaveWithTheirHostOrAlone() throws {
        let f = try F()
        try f.club.addMember(passId: "P1", username: "Anna")
        try f.club.addMember(passId: "P2", username: "Bo")
        f.clock.set(F.at(9))
        let entry = try f.club.checkIn(passId: "P1", source: .manual, guests: 2)
        #expect(entry.outcome.name == "checkedIn" && entry.guests == 2 && entry.insideCount == 3)
        #expect(entry.message == "Welcome, Anna — first visit · 2 guests")
        try f.tap("P2", at: F.at(9, 5))
        #expect(try f.database.insideCount() == 4)
        #expect(try f.club.insideMembers().map(\.guests) == [2, 0])
        // One guest goes home early: Anna stays.
        f.clock.set(F.at(10))
        let left = try f.club.checkOut(passId: "P1", guests: 1)
        #expect(left.outcome == .guestsLeft(left.outcome.member!, left: 1, stillInside: 1))
        #expect(left.insideCount == 3 && left.outcome.isAccepted)
        #expect(left.inside == true)
        #expect(try f.club.insideMembers().map(\.passId) == ["P1", "P2"])
        // Anna leaves, her last guest with her; Bo stays.
        f.clock.set(F.at(11))
        #expect(try f.club.checkOut(passId: "P1").outcome.name == "checkedOut")
        #expect(try f.database.insideCount() == 1)
        // Guests of someone outside: none inside, nothing written.
        let none = try f.club.checkOut(passId: "P1", guests: 1)
        #expect(none.outcome.name == "notInside")
        #expect(try f.database.insideCount() == 1)
        // The visit is one visit: guests leaving end nothing.
        let spans = try f.database.visitSpans(memberId: left.outcome.member!.memberId)
        #expect(spans.count == 1 && spans[0].exitKind == .staff && spans[0].exited.map { abs($0.timeIntervalSince(F.at(11))) < 1 } == true)
        // Back the next day with two others: the guests who left yesterday are yesterday's.
        f.clock.set(F.at(9, day: 1))
        #expect(try f.club.checkIn(passId: "P1", source: .manual, guests: 2).insideCount == 4)
        // The record names them.
        let lines = try f.database.auditEntries(AuditQuery(action: .guestsLeft))
        #expect(lines.count == 1 && lines[0].detail["guests"] == "1")
        #expect(try f.database.auditEntries(AuditQuery(action: .manualCheckIn)).first { $0.detail["guests"] == "2" } != nil)
    }

    @Test func guestsNeedRoomAndClosingTimeChecksThemOut() throws {
        let f = try F(OccupancySettings(capacity: 4, closingMinute: 22 * 60))
        try f.club.addMember(passId: "P1")
        try f.club.addMember(passId: "P2")
        f.clock.set(F.at(9))
        #expect(try f.club.checkIn(passId: "P1", source: .manual, guests: 2).insideCount == 3)
        f.clock.set(F.at(9, 10))
        let full = try f.club.checkIn(passId: "P2", source: .manual, guests: 1)
        #expect(full.outcome.name == "refused" && full.message == "Full (3/4)")
        #expect(try f.club.checkIn(passId: "P2", source: .manual).insideCount == 4)
        // Closing time checks everyone out, guests too.
        f.clock.set(F.at(22, 5))
        _ = try f.club.closeOverdueVisits()
        #expect(try f.database.insideCount() == 0)
    }

    @Test func theAllowanceIsTheMonthsAndTheRefusalSaysSo() throws {
        let database = try AppDatabase.inMemory()
        let clock = FakeClock()
        clock.set(F.at(9))
        let catalogue = PlanCatalogue(products: [PlanProduct(name: "monthly", kind: .open, price: PlanPrice(cents: 4000), validDays: 90,
                                                             guestsPerMonth: 2)])
        let settings = ClubSettings(debounce: 0, plans: PlanSettings(calendar: F.utc, catalogue: catalogue))
        let club = Club(database: database, terminal: try database.terminalIdentity(name: "Front"), settings: settings, bus: EventBus(),
                        clock: clock)
        let anna = try club.addMember(passId: "P1", username: "Anna")
        _ = try club.sell("monthly", to: anna.memberId, by: AuditActor(operator: "Mia", method: .manual))
        #expect(try club.checkIn(passId: "P1", source: .manual, guests: 1).outcome.name == "checkedIn")
        clock.set(F.at(12))
        _ = try club.checkOut(passId: "P1")
        clock.set(F.at(9, day: 2))
        let over = try club.checkIn(passId: "P1", source: .manual, guests: 2)
        #expect(over.outcome == .refused(over.outcome.member!, reason: .guestAllowance))
        #expect(over.message == "Guest allowance: 1 of 2 left this month")
        #expect(try database.insideCount() == 0)
        #expect(try club.checkIn(passId: "P1", source: .manual, guests: 1).insideCount == 2)
        _ = try club.checkOut(passId: "P1")
        // A month on, the allowance is whole again.
        clock.set(F.at(9, day: 31))
        #expect(try club.checkIn(passId: "P1", source: .manual, guests: 2).outcome.name == "checkedIn")
        // Bad counts are one line, and change nothing.
        #expect(throws: DeskError.self) { try club.checkIn(passId: "P1", source: .manual, guests: 51) }
        #expect(throws: DeskError.self) { try club.checkOut(passId: "P1", guests: 0) }
    }

    @Test func guestsTravelAndCountTheSameAtEveryDeskInAnyOrder() throws {
        let clock = FakeClock()
        let (a, b) = (try SyncTestTerminal(id: "TA", clock: clock), try SyncTestTerminal(id: "TB", clock: clock))
        _ = try a.club.addMember(passId: "04000A01", username: "Anna")
        try b.importBytes(a.export())
        clock.advance(by: 60)
        _ = try a.club.checkIn(passId: "04000A01", source: .manual, guests: 3)
        let entryFile = try a.export()
        try b.importBytes(entryFile)
        #expect(try b.database.insideCount() == 4)
        // A guest leaves at B, another at A, before either knows of the other's.
        clock.advance(by: 600)
        _ = try b.club.checkOut(passId: "04000A01", guests: 1)
        _ = try a.club.checkOut(passId: "04000A01", guests: 1)
        let (fromA, fromB) = (try a.export(), try b.export())
        try a.importBytes(fromB)
        try b.importBytes(fromA)
        // Twice, late, in the other order: the same.
        try b.importBytes(entryFile)
        try a.importBytes(fromB)
        for terminal in [a, b] {
            #expect(try terminal.database.insideCount() == 2)
            #expect(try terminal.club.insideMembers().map(\.guests) == [1])
        }
        #expect(try a.state() == b.state())
    }

    @Test func hostileGuestCountsAreOneLineAndChangeNothing() throws {
        let clock = FakeClock()
        let desk = try SyncTestTerminal(id: "TA", clock: clock)
        let now = clock.now().timeIntervalSince1970
        let member = "11111111-2222-4333-8444-555555555555"
        for (events, message) in [
            (#"{"id":"e1","kind":"entry","time":\#(now - 60),"desk":"TX","source":"nfc","guests":-1}"#, "guests must be a whole number"),
            (#"{"id":"e1","kind":"entry","time":\#(now - 60),"desk":"TX","source":"nfc","guests":1000}"#, "guests must be a whole number"),
            (#"{"id":"e1","kind":"exit","time":\#(now - 60),"desk":"TX","source":"nfc","guests":2}"#, "0 on an exit"),
            (#"{"id":"e1","kind":"guestsLeft","time":\#(now - 60),"desk":"TX","source":"nfc"}"#, "how many guests left"),
            (#"{"id":"e1","kind":"guests","time":\#(now - 60),"desk":"TX","source":"nfc"}"#, "kind must be"),
        ] {
            #expect { try desk.importBytes(VisitEventSyncTests.file(memberId: member, events: events)) } throws: { error in
                "\(error)".contains(message)
            }
            #expect(try desk.database.visitEventCount() == 0 && desk.database.insideCount() == 0)
        }
    }
}
