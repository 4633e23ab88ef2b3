import Foundation
import MemberCore
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

    /// Issue 34: Foundation's DateFormatter died on this ("Incorrect range CFRange"), found by the
    /// FrontDeskText fuzz target; it is in Fuzz/DayOrTime/seeds too.
    static let crashingDate = "70,11\u{036B}\u{FFFD}\u{FFFD}3\u{FFFD}4"

    @Test func theTextThatCrashedDateFormatterIsNoDate() {
        #expect(DayOrTime.parse(Self.crashingDate, calendar: berlin) == nil)
        #expect(!DateText.isPlausible(Self.crashingDate))
        #expect(throws: DeskError.self) { try MemberFieldRules.expiry(Self.crashingDate, calendar: berlin) }
    }

    /// Only ASCII digits and a date's separators, 1 to 40 bytes, reach Foundation's parsers.
    @Test(arguments: ["2026-11-25", "2026-11-25T09:30:00Z", "2026-11-22T16:06:17.123456789+01:00", "2026-11-25t09:30:00z",
                      "2026-11-23T10-20-00Z", "22:00", "70,11"])
    func aDateShapeIsPlausible(text: String) {
        #expect(DateText.isPlausible(text))
    }

    @Test(arguments: ["", "2026-11-25 ", " 2026-11-25", "２０２６-11-25", "2026\u{2010}11-25", "2026-11-25\u{0301}", "2026-11-2\u{FFFD}",
                      "tomorrow", "2026-11-25T09:30:00.1234567890Z", String(repeating: "1-", count: 21)])
    func otherShapesAreNot(text: String) {
        #expect(!DateText.isPlausible(text))
        #expect(DayOrTime.parse(text, calendar: berlin) == nil)
    }

    @Test func aDayIsTheSameWhateverTheCalendarsZone() throws {
        var tokyo = Calendar(identifier: .gregorian)
        tokyo.timeZone = TimeZone(identifier: "Asia/Tokyo")!
        #expect(DayOrTime.parse("2026-11-25", calendar: tokyo) == .day(start: Date(timeIntervalSince1970: 1_795_532_400)))
        #expect(DayOrTime.parse("0001-01-01", calendar: berlin) != nil)
        #expect(DayOrTime.parse("2024-02-29", calendar: berlin) != nil)
        #expect(DayOrTime.parse("2026-02-29", calendar: berlin) == nil)
    }
}
