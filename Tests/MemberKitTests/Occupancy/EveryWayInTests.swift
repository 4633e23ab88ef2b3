import Foundation
import MemberDeskTestSupport
@_spi(Testing) @testable import MemberKit
import Testing

/// Issue 28 items 3 and 6: every way in (a tap, a pass typed by hand, staff's yes to the enrol
/// prompt) runs the same rules in the same order, and a tap again soon after an exit is that exit,
/// not an entry; after a staff check-out, a check-in is an entry that says so.
@Suite struct EveryWayInTests {
    typealias F = OccupancyFixture

    @Test func theEnrolPromptsYesIsRefusedWhenTheClubIsFull() throws {
        let f = try F(OccupancySettings(capacity: 2))
        for pass in ["A", "B"] { try f.club.addMember(passId: pass) }
        try f.tap("A", at: F.at(9))
        try f.tap("B", at: F.at(9, 1))
        // F4 with a new pass: asked about first, as before.
        f.clock.set(F.at(9, 2))
        #expect(try f.club.checkIn(passId: "NEW-1", source: .manual, enrolUnknown: false).outcome.name == "unknownPass")
        // Staff say yes: the capacity rule answers, as it does for a tap and for `memberdesk checkin`.
        let report = try f.club.enrol(passId: "NEW-1", username: "Nia", source: .manual)
        guard case .refused(_, .capacity) = report.outcome else { Issue.record("enrolled past capacity: \(report.outcome)"); return }
        #expect(report.message == "Full (2/2)")
        #expect(report.insideCount == 2 && report.inside == false)
        #expect(!report.outcome.isAdmitted)
        #expect(try f.database.member(idOrPass: "NEW-1") == nil)
        #expect(try f.database.insideCount() == 2)
        #expect(try f.database.visitEventCount() == 2)
    }

    @Test func theEnrolPromptsYesGoesThroughWarnAndEnrolsWithTheNameGiven() throws {
        let f = try F(OccupancySettings(capacity: 1, whenFull: .warn))
        try f.club.addMember(passId: "A")
        try f.tap("A", at: F.at(9))
        f.clock.set(F.at(9, 1))
        let report = try f.club.enrol(passId: "new-2", username: "Nia", source: .manual)
        guard case .enrolled(let member) = report.outcome else { Issue.record("\(report.outcome)"); return }
        #expect(member.username == "Nia" && member.passId == "new-2" && member.numVisits == 1)
        #expect(report.warnings == ["Full (1/1) — let in"])
        #expect(report.insideCount == 2 && report.inside == true)
    }

    @Test func theEnrolPromptsYesForAPassEnrolledMeanwhileChecksThatMemberIn() throws {
        let f = try F()
        try f.tap("C0FFEE01", at: F.at(9))  // auto: enrolled by a tap while the prompt was open
        f.clock.set(F.at(9, 5))
        let report = try f.club.enrol(passId: "C0FFEE01", username: "Late", source: .manual)
        #expect(report.outcome.name == "checkedIn")
        #expect(try f.database.memberCount() == 1)
    }

    @Test func underToggleATapSoonAfterAnExitTapIsThatExitAgain() throws {
        let f = try F(OccupancySettings(tap: .toggle, minStay: 120), debounce: 60)
        try f.club.addMember(passId: "P1", username: "Anna")
        try f.tap("P1", at: F.at(9))
        #expect(try f.tap("P1", at: F.at(10)).outcome.name == "checkedOut")
        // 20 s later: the same exit, not "Welcome back — visit #2".
        let again = try f.tap("P1", at: Date(timeInterval: 20, since: F.at(10)))
        guard case .duplicateExit(_, let since) = again.outcome else { Issue.record("\(again.outcome)"); return }
        #expect(since == 20)
        #expect(again.message == "Already checked out 20 s ago")
        #expect(again.inside == false && again.insideCount == 0)
        #expect(!again.outcome.isAdmitted && again.outcome.isAccepted)
        #expect(again.outcome.name == "duplicate")
        #expect(try f.database.member(idOrPass: "P1")?.numVisits == 1)
        #expect(try f.database.visitEventCount() == 2)
        // After the minimum stay, the member comes in again.
        let back = try f.tap("P1", at: F.at(10, 3))
        #expect(back.message == "Welcome back, Anna — visit #2")
        #expect(back.inside == true)
    }

    @Test func atAnExitDeskASecondTapIsTheExitAgainNotNotInside() throws {
        let f = try F(OccupancySettings(tap: .out, minStay: 120))
        try f.club.addMember(passId: "P1")
        let entryDesk = try F(database: f.database, terminalName: "Entry")
        try entryDesk.tap("P1", at: F.at(9))
        #expect(try f.tap("P1", at: F.at(10)).outcome.name == "checkedOut")
        let again = try f.tap("P1", at: Date(timeInterval: 5, since: F.at(10)))
        guard case .duplicateExit = again.outcome else { Issue.record("\(again.outcome)"); return }
        #expect(try f.tap("P1", at: F.at(10, 5)).outcome.name == "notInside")
    }

    @Test func anExitAtAnotherDeskOrByStaffDoesNotHoldTheNextEntry() throws {
        let f = try F(OccupancySettings(tap: .toggle, minStay: 120))
        try f.club.addMember(passId: "P1")
        // Another desk (its own terminal id) on the same store: an exit desk.
        var exitSettings = f.club.settings
        exitSettings.occupancy.tap = .out
        let exitDesk = Club(database: f.database, terminal: TerminalIdentity(id: "EXIT-DESK", name: "Exit"),
                            settings: exitSettings, bus: f.bus, clock: f.clock)
        try f.tap("P1", at: F.at(9))
        f.clock.set(F.at(10))
        #expect(try exitDesk.checkIn(passId: "P1", source: .nfc).outcome.name == "checkedOut")
        #expect(try f.tap("P1", at: Date(timeInterval: 20, since: F.at(10))).outcome.name == "checkedIn")
        f.clock.set(F.at(11))
        #expect(try f.club.checkOut(passId: "P1").outcome.name == "checkedOut")
        #expect(try f.tap("P1", at: Date(timeInterval: 2, since: F.at(11))).outcome.name == "checkedIn")
    }

    @Test func afterAStaffCheckOutACheckInIsAnEntryThatSaysSo() throws {
        // The default: every tap an entry, a debounce of a minute.
        let f = try F(debounce: 60)
        try f.club.addMember(passId: "M1", username: "Mo")
        try f.tap("M1", at: F.at(9))
        f.clock.set(Date(timeInterval: 28, since: F.at(9)))
        #expect(try f.club.checkOut(passId: "M1").outcome.name == "checkedOut")
        f.clock.set(Date(timeInterval: 30, since: F.at(9)))
        let report = try f.club.checkIn(passId: "M1", source: .manual)
        // Not "Already checked in 30 s ago" with the member left outside: an entry, inside again.
        #expect(report.message == "Welcome back, Mo — visit #2")
        #expect(report.inside == true && report.insideCount == 1)
        #expect(report.outcome.isAdmitted)
        // A double tap while inside is still a duplicate, and the member stays inside.
        let double = try f.tap("M1", at: Date(timeInterval: 40, since: F.at(9)))
        #expect(double.message == "Already checked in 10 s ago")
        #expect(double.inside == true)
    }
}
