import DeskSettings
import Foundation
import MemberKit
import Testing

/// `[hours]`: the weekday keys and the closed days as the core gets them, `config show`'s lines,
/// and one line naming the key for each bad value.
@Suite struct OpeningHoursConfigTests {
    static func hours(_ text: String) throws -> OpeningHours {
        try DeskConfig.parse(text).clubSettings.occupancy.hours
    }

    @Test func noHoursTableIsAlwaysOpen() throws {
        #expect(try Self.hours("") == .alwaysOpen)
        #expect(try Self.hours("[occupancy]\ncapacity = 10\n").isAlwaysOpen)
    }

    @Test func theWeekdaysAndClosedDays() throws {
        let hours = try Self.hours("""
            [hours]
            mon = "06:00-22:00"
            tue = "06:00-12:00,16:00-22:00"
            sat = "08:00-20:00"
            sun = "closed"
            closed = ["2026-12-25", "2027-01-01"]
            """)
        let weekly = try #require(hours.weekly)
        #expect(weekly.written == "mon 06:00-22:00; tue 06:00-12:00,16:00-22:00; sat 08:00-20:00")
        // A day not set, once another is, is closed.
        #expect(weekly.ranges(weekdayFromMonday: 2).isEmpty && weekly.ranges(weekdayFromMonday: 6).isEmpty)
        #expect(hours.closedDays == [CalendarDay(year: 2026, month: 12, day: 25)!, CalendarDay(year: 2027, month: 1, day: 1)!])
        // Closed days alone keep the week open round the clock.
        let holidays = try Self.hours("[hours]\nclosed = [\"2026-12-25\"]\n")
        #expect(holidays.weekly == nil && holidays.closedDays.count == 1)
    }

    @Test(arguments: [
        ("[hours]\nmon = \"6-22\"", "config key 'hours.mon': expected \"closed\" or ranges \"HH:MM-HH:MM\" separated by commas, not \"6-22\""),
        ("[hours]\nfri = \"22:00-02:00\"", "config key 'hours.fri': \"22:00-02:00\" does not end after it starts: a range cannot cross midnight (end the day at 24:00 and open the next at 00:00)"),
        ("[hours]\nwed = \"06:00-12:00,11:00-14:00\"", "config key 'hours.wed': ranges must be in order and not overlap: 06:00-12:00 then 11:00-14:00"),
        ("[hours]\nsun = 8", "config key 'hours.sun': expected a string such as \"06:00-22:00\" or \"closed\""),
        ("[hours]\nclosed = [\"25.12.2026\"]", "config key 'hours.closed': expected days \"YYYY-MM-DD\", not \"25.12.2026\""),
        ("[hours]\nclosed = \"2026-12-25\"", "config key 'hours.closed': expected an array of days \"YYYY-MM-DD\""),
        ("[hours]\nmonday = \"06:00-22:00\"", "unknown config key 'hours.monday'"),
    ])
    func aBadValueIsOneLineNamingItsKey(text: String, message: String) {
        do {
            _ = try DeskConfig.parse(text)
            Issue.record("accepted \(text)")
        } catch {
            #expect("\(error)" == message)
            #expect(!"\(error)".contains("\n"))
        }
    }

    @Test func configShowListsTheKeysAndReadsBack() throws {
        let config = try DeskConfig.parse("[hours]\nmon = \"06:00-22:00\"\nsun = \"closed\"\nclosed = [\"2026-12-25\"]\n")
        let shown = config.rendered()
        #expect(shown.contains("\n[hours]\n"))
        #expect(shown.contains("\nmon = \"06:00-22:00\"\n") && shown.contains("\ntue = \"\"\n") && shown.contains("\nsun = \"closed\"\n"))
        #expect(shown.contains("\nclosed = [\"2026-12-25\"]\n"))
        #expect(try DeskConfig.parse(shown) == config)
        #expect(config.changedKeys == ["hours.mon", "hours.sun", "hours.closed"])
        let names = ConfigKey.all.map(\.name)
        #expect(["hours.mon", "hours.tue", "hours.wed", "hours.thu", "hours.fri", "hours.sat", "hours.sun", "hours.closed"]
            .allSatisfy(names.contains))
    }
}
