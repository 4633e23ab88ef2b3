import Foundation
import MemberDeskTestSupport
@testable import MemberKit
import Testing

/// Freezes travel through the folder as hold records, each by its id: two desks freezing one
/// member offline both keep their freeze, the expiry moves out by both, nothing is reported as a
/// conflict, and an early end at one desk reaches the other without bringing anything back.
@Suite("Holds through sync")
struct HoldSyncTests {
    final class Desks: TwoSyncDesks {
        private(set) var ann = ""
        private(set) var expiry: Double = 0

        init() throws {
            try super.init(folderPrefix: "holds", settings: ClubSettings(debounce: 0))
            let today = Self.today(self.clock)
            expiry = try MemberFieldRules.expiry(today.adding(days: 60).description, calendar: .gregorianUTC)!
            ann = try a.club.addMember(passId: "ANN-1", username: "Ann", expiresAt: expiry).memberId
            _ = try syncA.pass()
            _ = try syncB.pass()
        }

        static func today(_ clock: FakeClock) -> CalendarDay { CalendarDay.of(clock.now().timeIntervalSince1970, in: .gregorianUTC) }
        var today: CalendarDay { Self.today(clock) }

        func both() throws {
            for _ in 0..<2 {
                clock.advance(by: 1)
                for sync in [syncA, syncB] { #expect(try sync.pass().read.errors.isEmpty) }
            }
        }

        func member(_ desk: SyncTestTerminal) throws -> MemberRecord { try #require(try desk.database.member(id: ann)) }
    }

    @Test("two desks' offline freezes of one member both stand, and both move the expiry")
    func offlineFreezesBothStand() throws {
        let desks = try Desks()
        #expect(try desks.member(desks.b).expiresAt == desks.expiry)
        desks.clock.advance(by: 60)
        try desks.a.club.freezeMember(id: desks.ann, from: desks.today.adding(days: 5), until: desks.today.adding(days: 11), reason: "holiday")
        desks.clock.advance(by: 60)
        try desks.b.club.freezeMember(id: desks.ann, from: desks.today.adding(days: 20), until: desks.today.adding(days: 22), reason: "exams")
        try desks.both()
        let moved = try #require(Calendar.gregorianUTC.date(byAdding: .day, value: 10, to: Date(timeIntervalSince1970: desks.expiry)))
        for desk in [desks.a, desks.b] {
            let ann = try desks.member(desk)
            #expect(ann.holds.map(\.reason) == ["holiday", "exams"], "\(desk.club.terminal.id)")
            #expect(ann.expiresAt == moved.timeIntervalSince1970, "7 + 3 days at \(desk.club.terminal.id)")
            #expect(try desk.database.auditEntries(AuditQuery(action: .conflict)).isEmpty)
        }
        #expect(try desks.a.state() == desks.b.state())

        // Desk B cancels the next hold to come (desk A's); desk A's copy of it does not bring it back.
        desks.clock.advance(by: 60)
        try desks.b.club.unfreezeMember(id: desks.ann)
        try desks.both()
        let three = try #require(Calendar.gregorianUTC.date(byAdding: .day, value: 3, to: Date(timeIntervalSince1970: desks.expiry)))
        for desk in [desks.a, desks.b] {
            let ann = try desks.member(desk)
            #expect(ann.holds.map(\.reason) == ["exams"], "\(desk.club.terminal.id)")
            #expect(ann.expiresAt == three.timeIntervalSince1970)
        }
        #expect(try desks.a.state() == desks.b.state())
    }

    @Test("an expiry set at one desk after the other desk's freeze is the expiry on both")
    func aRenewalAfterAFreezeIsTheExpiry() throws {
        let desks = try Desks()
        desks.clock.advance(by: 60)
        try desks.a.club.freezeMember(id: desks.ann, from: desks.today.adding(days: 5), until: desks.today.adding(days: 11))
        try desks.both()
        desks.clock.advance(by: 60)
        let renewed = desks.expiry + 365 * 86_400
        try desks.b.club.updateMember(id: desks.ann, MemberChanges(expiresAt: .some(renewed)))
        try desks.both()
        for desk in [desks.a, desks.b] {
            let ann = try desks.member(desk)
            #expect(ann.expiresAt == renewed && ann.holds.count == 1, "\(desk.club.terminal.id)")
        }
    }
}
