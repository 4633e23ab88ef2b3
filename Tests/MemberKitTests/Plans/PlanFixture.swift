import Foundation
import MemberDeskTestSupport
@_spi(Testing) @testable import MemberKit

/// A club in the desk's zone (Europe/Berlin) on an in-memory database, with a fake clock that
/// starts at 10:00 local on 2026-03-02, and plan settings to choose.
struct PlanFixture {
    let database: AppDatabase
    let clock: FakeClock
    let bus = EventBus()
    let club: Club
    static let zone = TimeZone(identifier: "Europe/Berlin")!

    init(packUse: PlanSettings.PackUse = .perDay, warnDays: Int = 14, database: AppDatabase? = nil, terminalName: String = "Test desk") throws {
        self.database = try database ?? AppDatabase.inMemory()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = Self.zone
        clock = FakeClock(Self.local(2026, 3, 2, 10, 0))
        let terminal = try self.database.terminalIdentity(name: terminalName)
        club = Club(database: self.database, terminal: terminal,
                    settings: ClubSettings(debounce: 60, occupancy: OccupancySettings(calendar: calendar),
                                           plans: PlanSettings(packUse: packUse, warnDays: warnDays, calendar: calendar)),
                    bus: bus, clock: clock)
    }

    /// A local time in the desk's zone.
    static func local(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
    }

    /// Taps a pass now and returns the report.
    @discardableResult
    func tap(_ pass: String) throws -> CheckInReport {
        try club.checkIn(passId: pass, source: .nfc)
    }

    func balance(_ member: MemberRecord) throws -> Int? {
        try database.planStanding(try require(try database.member(id: member.memberId))).visitsLeft
    }

    func notice(_ report: CheckInReport) -> String? {
        DoorNotice.line(for: report, settings: club.settings.plans)
    }
}

/// `#require` outside a test function.
func require<T>(_ value: T?, _ what: String = "value") throws -> T {
    guard let value else { throw DeskError.notFound("missing \(what)") }
    return value
}
