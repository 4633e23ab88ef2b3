import Foundation
import MemberKit
import Testing

/// The one parser of typed dates: a local day from its midnight, an ISO-8601 time as given.
@Suite struct DayOrTimeTests {
    let berlin: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }()

    @Test func aDayStartsAtLocalMidnight() throws {
        let parsed = try #require(DayOrTime.parse("2026-11-25", calendar: berlin))
        #expect(parsed == .day(start: Date(timeIntervalSince1970: 1_795_561_200)))  // 2026-11-24T23:00:00Z
    }

    @Test func anISOTimeIsTakenAsGiven() {
        #expect(DayOrTime.parse("2026-11-25T09:30:00Z", calendar: berlin) == .time(Date(timeIntervalSince1970: 1_795_599_000)))
    }

    @Test(arguments: ["", "2026-02-30", "25.11.2026", "2026-11-25T09:30:00", "tomorrow", "2026-11-25T09:30:00." + String(repeating: "1", count: 60) + "Z"])
    func otherTextIsNoDate(text: String) {
        #expect(DayOrTime.parse(text, calendar: berlin) == nil)
    }
}
