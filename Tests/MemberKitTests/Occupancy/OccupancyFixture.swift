import Foundation
import MemberDeskTestSupport
@_spi(Testing) @testable import MemberKit

/// A club with occupancy settings, a fake clock starting 2026-01-01 00:00 UTC, and closing time
/// read in UTC.
struct OccupancyFixture {
    let database: AppDatabase
    let clock = FakeClock()
    let bus = EventBus()
    let club: Club
    let events: EventSubscription

    static var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    init(_ occupancy: OccupancySettings = OccupancySettings(), debounce: TimeInterval = 0,
         database: AppDatabase? = nil, terminalName: String = "Test desk") throws {
        self.database = try database ?? AppDatabase.inMemory()
        let terminal = try self.database.terminalIdentity(name: terminalName)
        events = bus.subscribe()
        var settings = occupancy
        settings.calendar = Self.utc
        club = Club(database: self.database, terminal: terminal,
                    settings: ClubSettings(debounce: debounce, occupancy: settings), bus: bus, clock: clock)
    }

    /// A time on 2026-01-01 (UTC) at hour:minute.
    static func at(_ hour: Int, _ minute: Int = 0, day: Int = 0) -> Date {
        Date(timeIntervalSince1970: 1_767_225_600 + Double(day * 86400 + hour * 3600 + minute * 60))
    }

    @discardableResult
    func tap(_ pass: String, at date: Date) throws -> CheckInReport {
        clock.set(date)
        return try club.checkIn(passId: pass, source: .nfc)
    }
}
