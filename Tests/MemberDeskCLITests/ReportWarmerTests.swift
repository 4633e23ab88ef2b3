import Foundation
@testable import MemberDeskCLI
import MemberDeskTestSupport
@_spi(Testing) import MemberKit
import Testing

/// A long-running desk's background warm-up of the report cache (`ReportWarmer`): once started it
/// fills every settled day without anyone asking for a report, slice by slice, and stops when told.
@Suite struct ReportWarmerTests {
    @Test func aStartedWarmerCachesEverySettledDay() throws {
        let database = try AppDatabase.inMemory()
        let clock = FakeClock(Date(timeIntervalSince1970: 1_775_822_400))  // 2026-04-10 12:00 UTC
        let club = Club(database: database, terminal: try database.terminalIdentity(name: "Warm desk"),
                        settings: ClubSettings(debounce: 0), clock: clock)
        try club.addMember(passId: "A")
        try club.addMember(passId: "B")
        for day in 1...30 {
            try club.checkIn(passId: day % 2 == 0 ? "A" : "B", source: .manual, at: clock.now().addingTimeInterval(-Double(day) * 86_400))
        }
        func left() throws -> Int {
            try database.warmReportDays(timeZone: club.settings.occupancy.calendar.timeZone, now: clock.now(), ending: club.visitEnding(at: clock.now().timeIntervalSince1970),
                                        sliceDays: 0).daysLeft
        }
        // The look-back of the oldest visit's day to yesterday: more than one slice.
        #expect(try left() > 2 * ReportWarmUp.sliceDays)
        let warmer = ReportWarmer(club: club, pause: 0, recheck: 3600, delay: 0)
        warmer.start()
        defer { warmer.stop() }
        #expect(try waitUntil(timeout: 60, poll: 0.05) { try left() == 0 }, "the warm-up did not catch up")
    }
}
