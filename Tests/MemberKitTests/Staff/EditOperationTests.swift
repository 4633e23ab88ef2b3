import Foundation
import MemberDeskTestSupport
@testable import MemberKit
import Testing

/// Member edits, operators and sign-in run as `StoreOperation`s through `Club.perform`: a
/// decision's refusal is thrown as the decision made it and never published as a store failure,
/// nothing of it is written, and an edit leaves who is inside alone (no closing-time catch-up).
@Suite struct EditOperationTests {
    typealias F = OccupancyFixture

    static func errors(_ events: [DeskEvent]) -> [DeskErrorNotice] {
        events.compactMap { if case .error(let notice) = $0 { notice } else { nil } }
    }

    @Test func aRefusedEditIsThrownUnpublishedAndWritesNothing() throws {
        let f = try F()
        try f.club.addMember(passId: "P1", username: "Ann")
        #expect(f.events.drain().count == 1, "the member created")
        #expect(throws: DeskError.self) { try f.club.addMember(passId: "P1", username: "Bo") }
        #expect(throws: DeskError.self) { try f.club.updateMember(id: "nobody", MemberChanges(username: "Cy")) }
        #expect(Self.errors(f.events.drain()).isEmpty, "a refusal is the caller's to show")
        #expect(try f.database.memberCount() == 1)
        #expect(try f.database.auditEntries(AuditQuery(action: .enrol)).count == 1)
    }

    @Test func anEditPastClosingTimeClosesNoVisit() throws {
        let f = try F(OccupancySettings(closingMinute: 22 * 60))
        try f.club.addMember(passId: "A")
        try f.tap("A", at: F.at(20))
        f.clock.set(F.at(23))
        _ = f.events.drain()
        try f.club.addMember(passId: "B")
        let ann = try #require(try f.database.member(idOrPass: "A"))
        try f.club.updateMember(id: ann.memberId, MemberChanges(username: "Ann"))
        #expect(try f.database.insideCount() == 1, "closing time is the reads' and the timers' to catch up")
        let events = f.events.drain()
        #expect(events.allSatisfy { if case .occupancy = $0 { false } else { true } })
        #expect(events.count == 2, "the member created, then the one edited")
    }

    @Test func aWrongPINIsRecordedAndThrownUnpublished() throws {
        let f = try F()
        try f.club.addStaff(name: "Mia", role: .desk, pin: PIN("4821"), hasher: FakePINHasher(), by: .anonymous(.manual))
        #expect(throws: SignInFailure.wrongPIN(operator: "Mia")) {
            try f.club.signIn(.name("Mia"), pin: PIN("1111"), hasher: FakePINHasher())
        }
        #expect(Self.errors(f.events.drain()).isEmpty)
        #expect(try f.database.auditEntries(AuditQuery(action: .signInFailed)).count == 1)
        let signedIn = try f.club.signIn(.name("Mia"), pin: PIN("4821"), hasher: FakePINHasher())
        #expect(signedIn.name == "Mia")
        #expect(try f.database.staffAccount(named: "Mia")?.lastSignInAt != nil, "the sign-in's time is kept")
    }
}
