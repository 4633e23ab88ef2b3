import Foundation
import MemberDeskTestSupport
@testable import MemberKit
import Testing

/// Packs, households and what the door says, with an injected clock in the desk's zone.
@Suite struct PlanRuleTests {
    @Test func perVisitUsesOneVisitPerAdmittedEntryThenRefuses() throws {
        let f = try PlanFixture(packUse: .perVisit)
        let ann = try f.club.addMember(passId: "ANN-1", username: "Ann", plan: PlanChanges(visits: 2))
        #expect(ann.plan == .pack)
        let first = try f.tap("ANN-1")
        #expect(first.outcome.isEntry && first.plan?.visitsLeft == 1 && f.notice(first) == "1 visit left")
        f.clock.advance(by: 30)
        // Within the debounce window: a duplicate, not a second use.
        #expect(try f.tap("ANN-1").outcome.name == "duplicate")
        #expect(try f.balance(ann) == 1)
        f.clock.advance(by: 3600)
        let second = try f.tap("ANN-1")
        #expect(second.outcome.isEntry && f.notice(second) == "Last visit on this pack")
        f.clock.advance(by: 3600)
        let third = try f.tap("ANN-1")
        guard case .refused(_, .packUsedUp) = third.outcome else { Issue.record("got \(third.outcome)"); return }
        #expect(third.outcome.message == "Pack used up — sell a new pack")
        #expect(try f.balance(ann) == 0)
        #expect(try f.database.packCounters(memberId: ann.memberId) == [f.club.terminal.id: PackCounter(added: 2, used: 2)])
    }

    @Test func perDayUsesOneVisitADayAcrossMidnightInTheDesksZone() throws {
        let f = try PlanFixture(packUse: .perDay)
        let ann = try f.club.addMember(passId: "ANN-1", username: "Ann", plan: PlanChanges(visits: 3))
        f.clock.set(PlanFixture.local(2026, 3, 2, 23, 0))
        #expect(try f.tap("ANN-1").plan?.visitsLeft == 2)
        f.clock.set(PlanFixture.local(2026, 3, 2, 23, 50))
        #expect(try f.tap("ANN-1").outcome.isEntry)
        #expect(try f.balance(ann) == 2)  // the same local day: no second use
        // 00:10 in Berlin is still 2 March in UTC (23:10): the desk's zone decides, a new day.
        f.clock.set(PlanFixture.local(2026, 3, 3, 0, 10))
        #expect(try f.tap("ANN-1").plan?.visitsLeft == 1)
        f.clock.set(PlanFixture.local(2026, 3, 3, 20, 0))
        #expect(try f.tap("ANN-1").plan?.visitsLeft == 1)
    }

    @Test func perDayAdmitsAgainTheSameDayAfterTheLastVisitThenRefusesTheNextDay() throws {
        let f = try PlanFixture(packUse: .perDay)
        let ann = try f.club.addMember(passId: "ANN-1", username: "Ann", plan: PlanChanges(visits: 1))
        let last = try f.tap("ANN-1")
        #expect(f.notice(last) == "Last visit on this pack")
        f.clock.advance(by: 4 * 3600)
        #expect(try f.tap("ANN-1").outcome.isEntry)  // came back the same day: already paid
        f.clock.set(PlanFixture.local(2026, 3, 3, 9, 0))
        let refused = try f.tap("ANN-1")
        guard case .refused(_, .packUsedUp) = refused.outcome else { Issue.record("got \(refused.outcome)"); return }
        // Staff top up: the next tap is admitted and uses one of the new visits.
        try f.club.updateMember(id: ann.memberId, MemberChanges(plan: PlanChanges(addVisits: 10)))
        let again = try f.tap("ANN-1")
        #expect(again.outcome.isEntry && f.notice(again) == "9 visits left")
    }

    @Test func anExitNeverUsesAVisit() throws {
        let f = try PlanFixture(packUse: .perVisit)
        var settings = f.club.settings
        settings.occupancy.tap = .toggle
        let club = Club(database: f.database, terminal: f.club.terminal, settings: settings, bus: f.bus, clock: f.clock)
        let ann = try club.addMember(passId: "ANN-1", username: "Ann", plan: PlanChanges(visits: 1))
        #expect(try club.checkIn(passId: "ANN-1", source: .nfc).outcome.isEntry)
        f.clock.advance(by: 3600)
        let exit = try club.checkIn(passId: "ANN-1", source: .nfc)
        #expect(exit.outcome.name == "checkedOut")
        #expect(try f.balance(ann) == 0)
        #expect(try f.database.packCounters(memberId: ann.memberId)[club.terminal.id] == PackCounter(added: 1, used: 1))
    }

    @Test func aRefusalForCapacityUsesNoVisit() throws {
        let f = try PlanFixture(packUse: .perVisit)
        var settings = f.club.settings
        settings.occupancy.capacity = 1
        let club = Club(database: f.database, terminal: f.club.terminal, settings: settings, bus: f.bus, clock: f.clock)
        _ = try club.addMember(passId: "BO-1", username: "Bo")
        let ann = try club.addMember(passId: "ANN-1", username: "Ann", plan: PlanChanges(visits: 5))
        _ = try club.checkIn(passId: "BO-1", source: .nfc)
        #expect(try club.checkIn(passId: "ANN-1", source: .nfc).outcome.name == "refused")
        #expect(try f.balance(ann) == 5)
    }

    @Test func aHouseholdSharesTheHeadsPackAndExpiryButNotItsSuspension() throws {
        let f = try PlanFixture(packUse: .perVisit)
        let now = f.clock.now().timeIntervalSince1970
        let anna = try f.club.addMember(passId: "ANNA", username: "Anna Lee", expiresAt: now + 5 * 86_400,
                                        plan: PlanChanges(visits: 2))
        let ben = try f.club.addMember(passId: "BEN", username: "Ben Lee", plan: PlanChanges(household: .some(anna.memberId)))
        #expect(ben.plan == .household && ben.household == anna.memberId)
        let benIn = try f.tap("BEN")
        #expect(benIn.plan?.visitsLeft == 1 && benIn.plan?.head?.memberId == anna.memberId)
        #expect(f.notice(benIn) == "1 visit left · Expires in 5 days · Household of Anna Lee")
        #expect(DoorNotice.expiresInDays(benIn, settings: f.club.settings.plans) == 5)
        // The head's suspension is the head's own.
        try f.club.updateMember(id: anna.memberId, MemberChanges(status: .suspended))
        f.clock.advance(by: 3600)
        #expect(try f.tap("BEN").outcome.isEntry)
        #expect(try f.balance(anna) == 0)
        #expect(try f.tap("ANNA").outcome.name == "refused")
        f.clock.advance(by: 3600)
        let used = try f.tap("BEN")
        guard case .refused(_, .packUsedUp) = used.outcome else { Issue.record("got \(used.outcome)"); return }
        // The head's expiry applies to its household.
        try f.club.updateMember(id: anna.memberId, MemberChanges(status: .active, plan: PlanChanges(plan: .open)))
        f.clock.set(Date(timeIntervalSince1970: now + 6 * 86_400))
        let expired = try f.tap("BEN")
        guard case .refused(_, .expired) = expired.outcome else { Issue.record("got \(expired.outcome)"); return }
        #expect(f.notice(expired) == "Expired yesterday")
    }

    @Test func householdsDoNotNestOrPointAtThemselves() throws {
        let f = try PlanFixture()
        let anna = try f.club.addMember(passId: "ANNA", username: "Anna")
        let ben = try f.club.addMember(passId: "BEN", username: "Ben", plan: PlanChanges(household: .some(anna.memberId)))
        let cara = try f.club.addMember(passId: "CARA", username: "Cara")
        #expect(throws: PlanEditError.self) {
            try f.club.updateMember(id: cara.memberId, MemberChanges(plan: PlanChanges(household: .some(ben.memberId))))
        }
        #expect(throws: PlanEditError.self) {
            try f.club.updateMember(id: anna.memberId, MemberChanges(plan: PlanChanges(household: .some(cara.memberId))))
        }
        #expect(throws: PlanEditError.self) {
            try f.club.updateMember(id: cara.memberId, MemberChanges(plan: PlanChanges(household: .some(cara.memberId))))
        }
        #expect(throws: PlanEditError.self) {
            try f.club.updateMember(id: cara.memberId, MemberChanges(plan: PlanChanges(visits: -3)))
        }
        #expect(throws: PlanEditError.self) {
            try f.club.updateMember(id: cara.memberId, MemberChanges(plan: PlanChanges(addVisits: 0)))
        }
        // Nothing changed.
        #expect(try f.database.member(id: cara.memberId)?.plan == .open)
        #expect(try f.database.member(id: anna.memberId)?.plan == .open)
        #expect(try f.database.packCounters(memberId: cara.memberId).isEmpty)
    }

    @Test func removingTheHeadMovesItsHouseholdBackToOpen() throws {
        let f = try PlanFixture()
        let anna = try f.club.addMember(passId: "ANNA", username: "Anna", plan: PlanChanges(visits: 4))
        let ben = try f.club.addMember(passId: "BEN", username: "Ben", plan: PlanChanges(household: .some(anna.memberId)))
        let released = try f.club.deleteMember(id: anna.memberId)
        #expect(released.map(\.memberId) == [ben.memberId])
        let stored = try #require(try f.database.member(id: ben.memberId))
        #expect(stored.plan == .open && stored.household == nil)
        #expect(try f.tap("BEN").outcome.isEntry)
    }

    @Test func expiryWarningsFollowWarnDays() throws {
        let f = try PlanFixture(warnDays: 14)
        let now = f.clock.now().timeIntervalSince1970
        let day = 86_400.0
        _ = try f.club.addMember(passId: "A", username: "A", expiresAt: now + 20 * day)
        _ = try f.club.addMember(passId: "B", username: "B", expiresAt: now + 14 * day)
        _ = try f.club.addMember(passId: "C", username: "C", expiresAt: now + 3600)
        _ = try f.club.addMember(passId: "D", username: "D", expiresAt: now + day)
        #expect(f.notice(try f.tap("A")) == nil)
        #expect(f.notice(try f.tap("B")) == "Expires in 14 days")
        #expect(f.notice(try f.tap("C")) == "Expires today")
        #expect(f.notice(try f.tap("D")) == "Expires tomorrow")
    }

    @Test func theBirthdayIsSaidOnTheDayOnce() throws {
        let f = try PlanFixture(packUse: .perVisit)
        _ = try f.club.addMember(passId: "ANN", username: "Ann", plan: PlanChanges(birthday: .some(Birthday(parsing: "--03-02"))))
        let first = try f.tap("ANN")
        #expect(f.notice(first) == "Happy birthday!")
        f.clock.advance(by: 2 * 3600)
        #expect(f.notice(try f.tap("ANN")) == nil)
        f.clock.set(PlanFixture.local(2026, 3, 3, 10, 0))
        #expect(f.notice(try f.tap("ANN")) == nil)
    }

    @Test func birthdaysParseAsAPersonTypesThem() {
        #expect(Birthday(parsing: "1990-02-28")?.description == "1990-02-28")
        #expect(Birthday(parsing: "--02-29")?.description == "--02-29")
        #expect(Birthday(parsing: "2026-02-30") == nil)
        #expect(Birthday(parsing: "--02-30") == nil)
        #expect(Birthday(parsing: "1991-02-29") == nil)
        #expect(Birthday(parsing: "03-02") == nil)
        let leap = Birthday(parsing: "--02-29")!
        #expect(leap.falls(on: CalendarDay(year: 2027, month: 2, day: 28)!))
        #expect(!leap.falls(on: CalendarDay(year: 2028, month: 2, day: 28)!))
    }
}
