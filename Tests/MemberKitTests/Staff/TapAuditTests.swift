import Foundation
import GRDB
import MemberDeskTestSupport
@_spi(Testing) @testable import MemberKit
import Testing

/// The tap path's record: visits, exits, check-ins by hand and overrides, each in the check-in's
/// own transaction; staff cards are not member cards.
@Suite struct TapAuditTests {
    let cli = AuditActor.cli(user: "alice")

    @Test func aTapOnALockedDeskIsRecordedWithNoOperator() throws {
        let f = try ClubFixture()
        let anna = try f.club.addMember(passId: "04112233", username: "Anna")
        let report = try f.club.checkIn(passId: "04112233", source: .nfc)
        #expect(report.operator == nil)
        let visits = try f.database.auditEntries(AuditQuery(action: .visit))
        #expect(visits.count == 1)
        #expect(visits[0].memberId == anna.memberId && visits[0].operator == nil && visits[0].method == .tap)
        #expect(visits[0].detail == ["pass": "04112233"] && visits[0].desk == "Test desk")
    }

    @Test func aCheckInByHandRecordsTheOperatorAndMethod() throws {
        let f = try ClubFixture()
        try f.club.addMember(passId: "P1", username: "Anna")
        let report = try f.club.checkIn(passId: "P1", source: .manual, by: cli)
        #expect(report.operator == "cli:alice")
        let entries = try f.database.auditEntries(AuditQuery(action: .manualCheckIn))
        #expect(entries.map(\.operator) == ["cli:alice"] && entries.map(\.method) == [.cli])
        try f.club.checkIn(passId: "P1", source: .wedge, at: f.clock.now().addingTimeInterval(3600),
                           by: AuditActor(operator: "Mia", method: .wedge))
        #expect(try f.database.auditEntries(AuditQuery(operator: "mia")).map(\.action) == [.visit])
    }

    @Test func writesNothingForWhatChangesNothing() throws {
        let f = try ClubFixture(enrolment: .deny)
        try f.club.addMember(passId: "P1", username: "Anna")
        try f.club.checkIn(passId: "P1", source: .nfc)
        let before = try f.database.auditCount()
        try f.club.checkIn(passId: "P1", source: .nfc)       // a duplicate
        try f.club.checkIn(passId: "NOBODY", source: .nfc)   // unknown, enrolment off
        #expect(try f.database.auditCount() == before)
    }

    @Test func aTapEnrolmentAndTheEnrolPromptAreRecorded() throws {
        let f = try ClubFixture()
        try f.club.checkIn(passId: "NEW1", source: .nfc)
        try f.club.enrol(passId: "NEW2", username: "Bo", source: .manual, by: AuditActor(operator: "Mia", method: .manual))
        // Both at one instant on one desk: listed in the order they were made.
        let enrols = try f.database.auditEntries(AuditQuery(action: .enrol))
        #expect(enrols.map(\.operator) == [nil, "Mia"])
        #expect(enrols.map { $0.detail["pass"] } == ["NEW1", "NEW2"])
    }

    @Test func exitsAreRecordedByHandAndByClosingTime() throws {
        typealias F = OccupancyFixture
        let f = try F(OccupancySettings(closingMinute: 22 * 60))
        try f.club.addMember(passId: "A", username: "Anna")
        try f.club.addMember(passId: "B", username: "Bo")
        try f.tap("A", at: F.at(20))
        try f.tap("B", at: F.at(20))
        try f.club.checkOut(passId: "A", at: F.at(21), by: AuditActor(operator: "Mia", method: .manual))
        #expect(try f.club.closeOverdueVisits(at: F.at(23)) == 1)
        let exits = try f.database.auditEntries(AuditQuery(action: .exit))
        #expect(exits.map(\.operator) == ["Mia", nil])
        #expect(exits.map(\.method) == [.manual, .auto])
        // A second desk closing the same visit records it once.
        let b = try F(OccupancySettings(closingMinute: 22 * 60), database: f.database, terminalName: "B")
        _ = try b.club.closeOverdueVisits(at: F.at(23, 30))
        #expect(try f.database.auditEntries(AuditQuery(action: .exit)).count == 2)
    }

    @Test func aStaffCardTappedAsAMemberCardIsRefusedAndNeverEnrolled() throws {
        let f = try ClubFixture(enrolment: .auto)
        try f.club.addStaff(name: "Mia", role: .manager, card: "04AABBCC", pin: PIN("4821"), hasher: FakePINHasher(), by: cli)
        let before = try f.database.auditCount()
        let report = try f.club.checkIn(passId: "04:aa:bb:cc", source: .nfc)
        guard case .staffCard(let pass) = report.outcome else { Issue.record("got \(report.outcome)"); return }
        #expect(pass == "04AABBCC")
        #expect(report.outcome.message.contains("Staff card"))
        #expect(!report.outcome.isAccepted)
        #expect(try f.database.member(idOrPass: "04AABBCC") == nil)
        #expect(try f.database.auditCount() == before)
        // Staff's yes to the enrol prompt runs the same rules: a staff card is still no member's.
        guard case .staffCard = try f.club.enrol(passId: "04AABBCC", source: .manual).outcome else {
            Issue.record("a staff card was enrolled at the prompt")
            return
        }
        #expect(try f.database.member(idOrPass: "04AABBCC") == nil)
    }

    @Test func aMemberCardOfferedAsAStaffCardIsRefusedAndRecorded() throws {
        let f = try ClubFixture()
        try f.club.addMember(passId: "04112233", username: "Anna")
        #expect(throws: SignInFailure.memberCard) {
            try f.club.signIn(.card("04:11:22:33"), pin: PIN("4821"), hasher: FakePINHasher())
        }
        let failed = try f.database.auditEntries(AuditQuery(action: .signInFailed))
        #expect(failed.map { $0.detail["reason"] } == ["member card"])
    }

    @Test func letInAnywayCountsTheVisitAndRecordsAnOverride() throws {
        let f = try ClubFixture()
        let anna = try f.club.addMember(passId: "P1", username: "Anna", status: .suspended)
        let refused = try f.club.checkIn(passId: "P1", source: .nfc)
        #expect(refused.outcome.name == "refused")
        let report = try f.club.admitAnyway(passId: "P1", by: AuditActor(operator: "Mia", method: .manual))
        #expect(report.outcome.name == "checkedIn" && report.operator == "Mia")
        let overrides = try f.database.auditEntries(AuditQuery(action: .override))
        #expect(overrides.count == 1)
        #expect(overrides[0].memberId == anna.memberId && overrides[0].operator == "Mia")
        #expect(overrides[0].detail["refused"] == "suspended")
        // Admitting one the rules let in is an ordinary check-in by hand, not an override.
        try f.club.addMember(passId: "P2", username: "Bo")
        try f.club.admitAnyway(passId: "P2", by: AuditActor(operator: "Mia", method: .manual))
        #expect(try f.database.auditEntries(AuditQuery(action: .override)).count == 1)
        #expect(try f.database.auditEntries(AuditQuery(action: .manualCheckIn)).count == 1)
    }

    @Test func theEntryCommitsWithTheVisitOrNotAtAll() throws {
        let f = try ClubFixture()
        try f.club.addMember(passId: "P1", username: "Anna")
        // A visit whose audit entry cannot be written is not counted either.
        try f.database.write { store in
            try store.db.execute(sql: """
                CREATE TEMP TRIGGER refuse_audit BEFORE INSERT ON audit BEGIN SELECT RAISE(ABORT, 'no'); END
                """)
        }
        #expect(throws: (any Error).self) { try f.club.checkIn(passId: "P1", source: .nfc) }
        #expect(try f.visitRows() == 0)
        #expect(try f.database.member(idOrPass: "P1")?.numVisits == 0)
    }
}
