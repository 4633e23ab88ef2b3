import Foundation
import MemberDeskTestSupport
@testable import MemberKit
import Testing

/// The system clock steps back an hour at a desk in toggle mode (issue 29): the member inside is
/// let out (not held as a duplicate until the clock catches up), with no negative stay; the next
/// tap is an entry again, past the debounce; the events stay in order.
@Suite struct ClockSteppedBackTests {
    typealias F = OccupancyFixture

    @Test func aClockSteppedBackAnHourNeitherHoldsAMemberInNorMakesANegativeStay() throws {
        let f = try F(OccupancySettings(tap: .toggle, minStay: 120))
        try f.club.addMember(passId: "P1", username: "Anna")
        #expect(try f.tap("P1", at: F.at(10)).outcome.name == "checkedIn")
        let exit = try f.tap("P1", at: F.at(9, 1))  // an hour "earlier"
        guard case .checkedOut(_, let stay) = exit.outcome else { Issue.record("held in: \(exit.outcome)"); return }
        #expect(stay >= 0)
        #expect(try f.tap("P1", at: F.at(9, 3)).outcome.name == "checkedIn", "the debounce does not block for an hour")
        let events = try f.database.visitEvents(memberId: try #require(try f.database.member(idOrPass: "P1")).memberId)
        #expect(events.map(\.kind) == [.entry, .exit, .entry])
        #expect(events.map(\.time) == events.map(\.time).sorted())
    }
}
