import DeskSettings
import Foundation
import MemberKit
import Testing

/// Issue 47 item 5: the core's settings default to a calendar that reads nothing from the process
/// (Gregorian in UTC), and the desk's config is what hands the club's local time in: the machine's
/// zone, for the closing time's day and for what a pack's "day" is.
@Suite struct ClubCalendarConfigTests {
    @Test func theCoreDefaultsReadNoZoneFromTheProcess() {
        #expect(OccupancySettings().calendar.timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: 0)) == 0)
        #expect(OccupancySettings().calendar.timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: 1_782_000_000)) == 0)
        #expect(OccupancySettings().calendar.identifier == .gregorian)
        #expect(ClubSettings().occupancy.calendar == Calendar.gregorianUTC)
    }

    @Test func theConfigHandsInTheMachinesZone() throws {
        let settings = try DeskConfig.parse("[occupancy]\nclosing_time = \"22:00\"\n").clubSettings
        #expect(settings.occupancy.calendar.timeZone == TimeZone.current)
        #expect(settings.occupancy.calendar == Calendar.current)
    }
}
