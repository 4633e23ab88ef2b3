import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

@Suite struct StatsTests {
    @Test func countsTodayByHourAndTheLast30Days() throws {
        let f = try ClubFixture(debounce: 0)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let noon = calendar.date(from: DateComponents(year: 2026, month: 3, day: 15, hour: 12))!
        try f.club.addMember(passId: "A")
        try f.club.addMember(passId: "B")
        try f.club.checkIn(passId: "A", source: .manual, at: noon)
        try f.club.checkIn(passId: "A", source: .manual, at: noon.addingTimeInterval(1800))   // 12:30
        try f.club.checkIn(passId: "B", source: .manual, at: noon.addingTimeInterval(-3 * 3600))   // 09:00
        try f.club.checkIn(passId: "B", source: .manual, at: noon.addingTimeInterval(-2 * 86400))   // two days ago
        try f.club.checkIn(passId: "B", source: .manual, at: noon.addingTimeInterval(-40 * 86400))  // out of range
        let stats = try f.database.stats(now: noon.addingTimeInterval(3600), desk: f.club.terminal.id, calendar: calendar)
        #expect(stats.memberCount == 2)
        #expect(stats.visitsToday == 3)
        #expect(stats.perHourToday[12] == 2 && stats.perHourToday[9] == 1)
        #expect(stats.perDayLast30.count == 30 && stats.perDayLast30[29] == 3 && stats.perDayLast30[27] == 1)
        #expect(stats.perDayLast30.reduce(0, +) == 4)
        #expect(stats.activeThisMonth == 2)
    }
}
