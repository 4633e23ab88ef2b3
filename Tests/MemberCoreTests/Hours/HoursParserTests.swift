import Foundation
@_spi(Decisions) import MemberCore
import Testing

/// What `[hours]` and a plan's `access` may say, and the one line each mistake gets.
@Suite struct HoursParserTests {
    static func day(_ text: String) -> Result<[String], HoursParser.Problem> {
        Result { () throws(HoursParser.Problem) in try HoursParser.day(text).map(\.written) }
    }

    @Test func aDaysRanges() {
        let rows: [(String, Result<[String], HoursParser.Problem>)] = [
            ("06:00-22:00", .success(["06:00-22:00"])),
            (" 6:00 - 22:00 ", .success(["06:00-22:00"])),
            ("06:00-12:00,16:00-22:00", .success(["06:00-12:00", "16:00-22:00"])),
            ("06:00–12:00, 16:00–24:00", .success(["06:00-12:00", "16:00-24:00"])),
            ("00:00-24:00", .success(["00:00-24:00"])),
            ("closed", .success([])),
            ("Closed", .success([])),
            ("22:00-02:00", .failure(.init("\"22:00-02:00\" does not end after it starts: a range cannot cross midnight (end the day at 24:00 and open the next at 00:00)"))),
            ("10:00-10:00", .failure(.init("\"10:00-10:00\" does not end after it starts: a range cannot cross midnight (end the day at 24:00 and open the next at 00:00)"))),
            ("24:00-24:00", .failure(.init("a range cannot start at 24:00 (\"24:00-24:00\")"))),
            ("06:00-12:00,11:00-22:00", .failure(.init("ranges must be in order and not overlap: 06:00-12:00 then 11:00-22:00"))),
            ("16:00-22:00,06:00-12:00", .failure(.init("ranges must be in order and not overlap: 16:00-22:00 then 06:00-12:00"))),
            ("6-22", .failure(.init("expected \"closed\" or ranges \"HH:MM-HH:MM\" separated by commas, not \"6-22\""))),
            ("06:00-22:60", .failure(.init("expected \"closed\" or ranges \"HH:MM-HH:MM\" separated by commas, not \"06:00-22:60\""))),
            ("06:00-24:30", .failure(.init("expected \"closed\" or ranges \"HH:MM-HH:MM\" separated by commas, not \"06:00-24:30\""))),
            ("06:00-22:00,", .failure(.init("expected \"closed\" or ranges \"HH:MM-HH:MM\" separated by commas, not \"\""))),
            ("０６:00-22:00", .failure(.init("expected \"closed\" or ranges \"HH:MM-HH:MM\" separated by commas, not \"０６:00-22:00\""))),
        ]
        for (text, expected) in rows {
            #expect(Self.day(text) == expected, "\(text)")
        }
    }

    @Test func closedDays() throws {
        #expect(try HoursParser.closedDay("2026-12-25") == CalendarDay(year: 2026, month: 12, day: 25))
        #expect(throws: HoursParser.Problem("expected days \"YYYY-MM-DD\", not \"25.12.2026\"")) { try HoursParser.closedDay("25.12.2026") }
        #expect(throws: HoursParser.Problem("expected days \"YYYY-MM-DD\", not \"2026-02-30\"")) { try HoursParser.closedDay("2026-02-30") }
    }

    @Test func aPlansAccessWindows() throws {
        let rows: [(String, String)] = [
            ("mon-fri 09:00-16:00", "mon-fri 09:00-16:00"),
            ("mon-fri 09:00-16:00; sat 08:00-12:00", "mon-fri 09:00-16:00; sat 08:00-12:00"),
            ("sat-mon 10:00-14:00", "mon 10:00-14:00; sat-sun 10:00-14:00"),
            ("mon,wed,fri 06:00-08:00,20:00-22:00", "mon 06:00-08:00,20:00-22:00; wed 06:00-08:00,20:00-22:00; fri 06:00-08:00,20:00-22:00"),
            ("  Mon-Fri   09:00-16:00 ", "mon-fri 09:00-16:00"),
        ]
        for (text, written) in rows {
            let windows = try HoursParser.access(text)
            #expect(windows.written == written, "\(text)")
            #expect(try HoursParser.access(windows.written) == windows, "\(text) reads back")
        }
        #expect(try HoursParser.access("mon-fri 09:00-16:00").shown == "Mon–Fri 09:00–16:00")
        let problems: [(String, String)] = [
            ("09:00-16:00", "expected days and ranges, as in \"mon-fri 09:00-16:00; sat 08:00-12:00\", not \"09:00-16:00\""),
            ("weekdays 09:00-16:00", "expected days mon, tue, wed, thu, fri, sat, sun or runs as in mon-fri, not \"weekdays\""),
            ("mon-fri 09:00-16:00; fri 18:00-20:00", "fri is given twice"),
            ("mon-fri 16:00-09:00", "\"16:00-09:00\" does not end after it starts: a range cannot cross midnight (end the day at 24:00 and open the next at 00:00)"),
            ("", "expected days and ranges, as in \"mon-fri 09:00-16:00; sat 08:00-12:00\", not \"\""),
        ]
        for (text, problem) in problems {
            #expect(throws: HoursParser.Problem(problem), "\(text)") { try HoursParser.access(text) }
        }
    }
}
