import Foundation
import MemberDeskTestSupport
@_spi(Testing) @testable import MemberKit
import Testing

/// A club on an in-memory database with a fake clock.
struct ClubFixture {
    let database: AppDatabase
    let clock = FakeClock()
    let bus = EventBus()
    let club: Club
    let events: EventSubscription

    init(debounce: TimeInterval = 60, enrolment: EnrolmentPolicy = .auto, database: AppDatabase? = nil) throws {
        self.database = try database ?? AppDatabase.inMemory()
        let terminal = try self.database.terminalIdentity(name: "Test desk")
        events = bus.subscribe()
        club = Club(database: self.database, terminal: terminal,
                    settings: ClubSettings(debounce: debounce, enrolment: enrolment), bus: bus, clock: clock)
    }

    func visitRows() throws -> Int {
        try database.read { store in try Int.fetchOne(store.db, sql: "SELECT COUNT(*) FROM visit") ?? 0 }
    }
}

import GRDB

@Suite struct ClubCheckInTests {
    @Test func knownPassIsCountedInOneTransaction() throws {
        let f = try ClubFixture()
        let member = try f.club.addMember(passId: "04:A2:3B:1C", username: "Ann")
        let outcome = try f.club.checkIn(passId: "04a23b1c", source: .nfc).outcome
        guard case .checkedIn(let checked, let number) = outcome else { Issue.record("got \(outcome)"); return }
        #expect(checked.memberId == member.memberId && number == 1)
        let stored = try #require(try f.database.member(id: member.memberId))
        #expect(stored.numVisits == 1 && stored.timeStampOfLastVisit == f.clock.now().timeIntervalSince1970)
        #expect(try f.visitRows() == 1)
        #expect(try f.database.visitCounters(memberId: member.memberId) == [f.club.terminal.id: 1])
    }

    /// Another system's member list may hold a card's UID in lowercase; an import stores it as a
    /// tap reads it (a card UID in upper case; any other pass id as written), so the tap finds it.
    @Test func aCardStoredInLowercaseIsFoundNotEnrolledAgain() throws {
        let f = try ClubFixture()
        let json = #"[{"memberId":"M1","passId":"04a23b1c","username":"Ann","timeStampAdded":1,"numVisits":2,"timeStampOfLastVisit":0}]"#
        try MergeApplier(database: f.database).apply(.bytes(Array(json.utf8), format: .musrl, name: "ios.musrl"))
        let outcome = try f.club.checkIn(passId: "04:A2:3B:1C", source: .nfc).outcome
        guard case .checkedIn(let member, let number) = outcome else { Issue.record("got \(outcome)"); return }
        #expect(member.memberId == "M1" && number == 3)
        #expect(try f.database.memberCount() == 1)
        // Any other pass id too (issue #23): `gold-7` typed at the desk is Bo's `Gold-7`.
        let bo = try f.club.addMember(passId: "Gold-7", username: "Bo")
        f.clock.advance(by: 120)
        guard case .checkedIn(let found, _) = try f.club.checkIn(passId: "gold-7", source: .manual).outcome,
              found.memberId == bo.memberId else {
            Issue.record("a pass id in another case was not found")
            return
        }
        // A pass is one identity whatever its case (issue 28): `GOLD-7` is Bo's pass, not a new member's.
        #expect(throws: DeskError.self) { try f.club.addMember(passId: "GOLD-7", username: "Cy") }
        #expect(try f.database.memberCount() == 2)
    }

    /// The report, and so every output, names the member's own pass, not the text typed (issue 28).
    @Test func theReportNamesTheMembersPassWhateverCaseWasTyped() throws {
        let f = try ClubFixture()
        try f.club.addMember(passId: "DO-ANNA", username: "Anna")
        #expect(try f.club.checkIn(passId: "do-anna", source: .manual).passId == "DO-ANNA")
        f.clock.advance(by: 120)
        #expect(try f.club.checkOut(passId: "Do-Anna").passId == "DO-ANNA")
        // No member: the pass as typed (normalised).
        #expect(try f.club.checkIn(passId: "nobody-1", source: .manual, enrolUnknown: false).passId == "nobody-1")
    }

    @Test func debounceEdge() throws {
        let f = try ClubFixture(debounce: 60)
        try f.club.addMember(passId: "P1")
        try f.club.checkIn(passId: "P1", source: .nfc)
        f.clock.advance(by: 59.999)
        let early = try f.club.checkIn(passId: "P1", source: .nfc).outcome
        guard case .duplicate(_, let since) = early else { Issue.record("got \(early)"); return }
        #expect(abs(since - 59.999) < 0.0001)
        #expect(early.message == "Already checked in 59 s ago")
        f.clock.advance(by: 0.001)
        let onEdge = try f.club.checkIn(passId: "P1", source: .nfc).outcome
        guard case .checkedIn(_, 2) = onEdge else { Issue.record("got \(onEdge)"); return }
        #expect(try f.visitRows() == 2)
    }

    @Test func cardLeftOnTheReaderNeverCountsTwice() throws {
        let f = try ClubFixture(debounce: 60)
        try f.club.addMember(passId: "P1")
        var counted = 0
        for _ in 0..<30 {
            if case .checkedIn = try f.club.checkIn(passId: "P1", source: .nfc).outcome { counted += 1 }
            f.clock.advance(by: 1)
        }
        #expect(counted == 1)
        #expect(try f.database.member(idOrPass: "P1")?.numVisits == 1)
    }

    @Test func unknownPassFollowsThePolicy() throws {
        let auto = try ClubFixture(enrolment: .auto)
        let enrolled = try auto.club.checkIn(passId: "9|NEW-1|x|Bea", source: .wedge).outcome
        guard case .enrolled(let member) = enrolled else { Issue.record("got \(enrolled)"); return }
        #expect(member.passId == "NEW-1" && member.username == "Bea" && member.numVisits == 1)
        #expect(try auto.visitRows() == 1)

        for policy in [EnrolmentPolicy.prompt, .deny] {
            let f = try ClubFixture(enrolment: policy)
            let outcome = try f.club.checkIn(passId: "NEW-1", source: .nfc).outcome
            guard case .unknownPass("NEW-1") = outcome else { Issue.record("got \(outcome)"); return }
            #expect(try f.database.memberCount() == 0)
            #expect(try f.visitRows() == 0)
        }
    }

    @Test func promptedEnrolmentCountsTheFirstVisit() throws {
        let f = try ClubFixture(enrolment: .prompt)
        let member = try f.club.enrolMember(passId: "NEW-2", username: "Cy", source: .nfc)
        #expect(member.numVisits == 1 && member.username == "Cy")
        #expect(try f.visitRows() == 1)
    }

    @Test func suspendedAndExpiredAreRefusedAndNotCounted() throws {
        let f = try ClubFixture()
        let suspended = try f.club.addMember(passId: "S1", status: .suspended)
        let expired = try f.club.addMember(passId: "E1", expiresAt: f.clock.now().timeIntervalSince1970 - 1)
        let current = try f.club.addMember(passId: "C1", expiresAt: f.clock.now().timeIntervalSince1970 + 3600)
        guard case .refused(_, .suspended) = try f.club.checkIn(passId: "S1", source: .nfc).outcome else {
            Issue.record("suspended not refused"); return
        }
        guard case .refused(_, .expired) = try f.club.checkIn(passId: "E1", source: .nfc).outcome else {
            Issue.record("expired not refused"); return
        }
        guard case .checkedIn = try f.club.checkIn(passId: "C1", source: .nfc).outcome else {
            Issue.record("current member refused"); return
        }
        #expect(try f.database.member(id: suspended.memberId)?.numVisits == 0)
        #expect(try f.database.member(id: expired.memberId)?.numVisits == 0)
        #expect(try f.database.member(id: current.memberId)?.numVisits == 1)
        #expect(try f.visitRows() == 1)
    }

    @Test func badPassIsAnErrorAndChangesNothing() throws {
        let f = try ClubFixture()
        #expect(throws: DeskError.self) { try f.club.checkIn(passId: "bad\u{1}", source: .manual) }
        #expect(try f.database.memberCount() == 0)
        let errors = f.events.drain().filter { if case .error = $0 { return true } else { return false } }
        #expect(errors.count == 1)
    }

    @Test func checkInIsPublishedAfterCommit() throws {
        let f = try ClubFixture()
        try f.club.addMember(passId: "P1", username: "Ann")
        _ = f.events.drain()
        try f.club.checkIn(passId: "P1", source: .nfc)
        let events = f.events.drain()
        let report = events.compactMap { event -> CheckInReport? in
            if case .checkIn(let report) = event { return report } else { return nil }
        }.first
        #expect(report?.outcome.name == "checkedIn")
        #expect(report?.passId == "P1")
        #expect(try f.database.member(idOrPass: "P1")?.numVisits == 1)
    }

    @Test func memberLifecycleEventsAndTombstone() throws {
        let f = try ClubFixture()
        let member = try f.club.addMember(passId: "P1", username: "Ann")
        try f.club.updateMember(id: member.memberId, MemberChanges(username: .some("Anne"), status: .suspended))
        try f.club.deleteMember(id: member.memberId)
        let kinds = f.events.drain().map { event -> String in
            switch event {
            case .memberCreated: return "created"
            case .memberUpdated: return "updated"
            case .memberDeleted: return "deleted"
            default: return "other"
            }
        }
        #expect(kinds == ["created", "updated", "deleted"])
        let tombstone = try #require(try f.database.member(id: member.memberId))
        #expect(tombstone.isDeleted && tombstone.username == "Anne" && tombstone.status == .suspended)
        #expect(try f.database.member(idOrPass: "P1") == nil)
        #expect(try f.database.memberCount() == 0)
        // The pass is free again after the delete.
        let again = try f.club.addMember(passId: "P1")
        #expect(again.memberId != member.memberId)
        #expect(throws: DeskError.self) { try f.club.deleteMember(id: member.memberId) }
    }

    @Test func passIsUniqueAmongLiveMembers() throws {
        let f = try ClubFixture()
        let first = try f.club.addMember(passId: "P1")
        #expect(throws: DeskError.self) { try f.club.addMember(passId: "p1 ".uppercased()) }
        let second = try f.club.addMember(passId: "P2")
        #expect(throws: DeskError.self) { try f.club.updateMember(id: second.memberId, MemberChanges(passId: "P1")) }
        // A scan finds its own member, not "the first one".
        if case .checkedIn(let m, _) = try f.club.checkIn(passId: "P2", source: .nfc).outcome {
            #expect(m.memberId == second.memberId)
        } else { Issue.record("P2 not checked in") }
        #expect(try f.database.member(id: first.memberId)?.numVisits == 0)
    }
}
