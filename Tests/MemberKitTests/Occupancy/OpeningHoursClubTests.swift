import Foundation
import GRDB
import MemberDeskTestSupport
@_spi(Testing) @testable import MemberKit
import Testing

/// Opening hours through `Club`, every way in: a tap outside them is refused with its own line,
/// "let in anyway" admits it and records the refusal it overrode, and closing follows the hours.
@Suite struct OpeningHoursClubTests {
    static let berlin: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }()

    struct F {
        let database: AppDatabase
        let clock: FakeClock
        let club: Club

        init(at time: Double) throws {
            database = try AppDatabase.inMemory()
            clock = FakeClock(Date(timeIntervalSince1970: time))
            let week = WeeklyHours(days: (0..<7).map { try! HoursParser.day($0 < 5 ? "06:00-22:00" : "08:00-20:00") })
            let occupancy = OccupancySettings(calendar: OpeningHoursClubTests.berlin, hours: OpeningHours(weekly: week))
            club = Club(database: database, terminal: try database.terminalIdentity(name: "Front"),
                        settings: ClubSettings(debounce: 0, occupancy: occupancy, plans: PlanSettings(calendar: OpeningHoursClubTests.berlin)),
                        bus: EventBus(), clock: clock)
        }
    }

    // Monday 30 March 2026, 05:00 CEST (03:00 UTC): an hour before opening.
    static let beforeOpening = 1_774_839_600.0

    @Test func aTapBeforeOpeningIsRefusedSayingWhenItOpens() throws {
        let f = try F(at: Self.beforeOpening)
        try f.club.addMember(passId: "P1", username: "Anna")
        for source in [CheckInSource.nfc, .manual, .wedge] {
            let report = try f.club.checkIn(passId: "P1", source: source)
            guard case .refused(_, .closed) = report.outcome else { Issue.record("\(source): \(report.outcome)"); continue }
            #expect(report.message == "Closed — opens 06:00" && report.refusalLine == "Closed — opens 06:00", "\(source)")
        }
        f.clock.advance(by: 3600)
        #expect(try f.club.checkIn(passId: "P1", source: .nfc).outcome.name == "checkedIn", "06:00 CEST is open")
    }

    @Test func letInAnywayAdmitsAndRecordsTheRefusalItOverrode() throws {
        let f = try F(at: Self.beforeOpening)
        let anna = try f.club.addMember(passId: "P1", username: "Anna")
        let report = try f.club.admitAnyway(passId: "P1", by: AuditActor(operator: "Mia", method: .manual))
        #expect(report.outcome.name == "checkedIn" && report.refusalLine == nil)
        let overrides = try f.database.auditEntries(AuditQuery(action: .override))
        #expect(overrides.map(\.memberId) == [anna.memberId] && overrides.map { $0.detail["refused"] } == ["closed"])
        // Let in before opening, the visit still closes at the day's end: 22:00 CEST is 20:00 UTC.
        f.clock.set(Date(timeIntervalSince1970: Self.beforeOpening + 17 * 3600 + 60))
        _ = try f.club.closeOverdueVisits()
        let exits = try f.database.read { store in
            try Double.fetchAll(store.db, sql: "SELECT time FROM visit_event WHERE kind = 'exit'")
        }
        #expect(exits == [Self.beforeOpening + 17 * 3600])
    }
}
