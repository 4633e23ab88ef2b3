import Foundation
@_spi(Decisions) import MemberCore
import Testing

/// The hours' model against the clock in Berlin, across both daylight-saving change days of 2026
/// (Sunday 29 March: 02:00 CET is 03:00 CEST; Sunday 25 October: 03:00 CEST is 02:00 CET).
@Suite struct OpeningHoursTests {
    typealias F = HoursFixture
    let calendar = F.berlin

    @Test func openAtAnInstantAcrossTheChangeDays() {
        let hours = F.hours()
        let rows: [(String, String, Bool)] = [
            ("spring Saturday (CET) opens 08:00 = 07:00Z", "2026-03-28T07:00", true),
            ("spring Saturday, a second before opening", "2026-03-28T06:59:59", false),
            ("spring Saturday closes 20:00 = 19:00Z", "2026-03-28T19:00", false),
            ("spring Sunday (CEST) opens 08:00 = 06:00Z", "2026-03-29T06:00", true),
            ("spring Sunday 07:30 CEST is before opening", "2026-03-29T05:30", false),
            ("spring Sunday, a second before 20:00 CEST", "2026-03-29T17:59:59", true),
            ("spring Sunday 20:00 CEST is closed", "2026-03-29T18:00", false),
            ("autumn Saturday (CEST) opens 08:00 = 06:00Z", "2026-10-24T06:00", true),
            ("autumn Sunday (CET) 08:00 = 07:00Z", "2026-10-25T07:00", true),
            ("autumn Sunday 07:00Z is 08:00 CEST no more: 07:00 CET, closed", "2026-10-25T06:00", false),
            ("autumn Sunday 20:00 CET = 19:00Z is closed", "2026-10-25T19:00", false),
            ("autumn Sunday 19:59 CET is open", "2026-10-25T18:59", true),
            ("Monday after, 06:00 CET = 05:00Z", "2026-10-26T05:00", true),
        ]
        for (name, time, open) in rows {
            #expect(hours.isOpen(at: F.z(time), calendar: calendar) == open, "\(name)")
        }
    }

    @Test func aWholeDayIsTwentyThreeHoursInSpringAndTwentyFiveInAutumn() throws {
        let allDay = F.hours(F.week("closed", weekend: "00:00-24:00"))
        let spring = try #require(CalendarDay(parsing: "2026-03-29")), autumn = try #require(CalendarDay(parsing: "2026-10-25"))
        #expect(allDay.intervals(on: spring, calendar: calendar) == [F.z("2026-03-28T23:00")..<F.z("2026-03-29T22:00")])
        #expect(allDay.intervals(on: autumn, calendar: calendar) == [F.z("2026-10-24T22:00")..<F.z("2026-10-25T23:00")])
        // Saturday's 24:00 runs on into Sunday's 00:00: one opening, closing at Sunday's end.
        #expect(allDay.closing(ofOpeningAt: F.z("2026-03-28T12:00"), calendar: calendar) == F.z("2026-03-29T22:00"))
        #expect(allDay.closing(on: CalendarDay(parsing: "2026-03-28")!, calendar: calendar) == nil)
        #expect(allDay.closing(on: spring, calendar: calendar) == F.z("2026-03-29T22:00"))
    }

    @Test func aRangeAcrossTheGapIsAnHourShorterAndAcrossTheRepeatAnHourLonger() throws {
        let night = F.hours(F.week("closed", weekend: "01:00-04:00"))
        let spring = try #require(CalendarDay(parsing: "2026-03-29")), autumn = try #require(CalendarDay(parsing: "2026-10-25"))
        #expect(night.intervals(on: spring, calendar: calendar) == [F.z("2026-03-29T00:00")..<F.z("2026-03-29T02:00")])
        #expect(night.intervals(on: autumn, calendar: calendar) == [F.z("2026-10-24T23:00")..<F.z("2026-10-25T03:00")])
        // Inside the repeated hour (02:30 CEST, then 02:30 CET): open both times.
        #expect(night.isOpen(at: F.z("2026-10-25T00:30"), calendar: calendar))
        #expect(night.isOpen(at: F.z("2026-10-25T01:30"), calendar: calendar))
    }

    @Test func whenItNextOpens() {
        let hours = F.hours(closed: ["2026-12-25"])
        let rows: [(String, String, String?)] = [
            ("open now: now", "2026-03-29T10:00", "2026-03-29T10:00"),
            ("before Sunday's opening: 08:00 CEST", "2026-03-29T04:00", "2026-03-29T06:00"),
            ("Saturday evening: Sunday 08:00 CEST", "2026-03-28T20:00", "2026-03-29T06:00"),
            ("Sunday evening in autumn: Monday 06:00 CET", "2026-10-25T20:00", "2026-10-26T05:00"),
            ("on the closed Friday: Saturday 08:00", "2026-12-25T09:00", "2026-12-26T07:00"),
            ("Thursday night before it: Saturday 08:00", "2026-12-24T21:30", "2026-12-26T07:00"),
        ]
        for (name, time, expected) in rows {
            #expect(hours.opening(atOrAfter: F.z(time), calendar: calendar) == expected.map(F.z), "\(name)")
        }
        #expect(F.hours(.closed).opening(atOrAfter: F.z("2026-03-29T10:00"), calendar: calendar) == nil, "never opens")
    }

    @Test func whenItClosesToday() {
        let hours = F.hours(F.week("06:00-12:00,16:00-22:00"))
        let rows: [(String, String, String?)] = [
            ("Sunday in spring: 20:00 CEST", "2026-03-29T10:00", "2026-03-29T18:00"),
            ("Sunday in autumn: 20:00 CET", "2026-10-25T10:00", "2026-10-25T19:00"),
            ("the morning range ends at noon", "2026-10-26T08:00", "2026-10-26T11:00"),
            ("closed now: no closing", "2026-10-26T12:00", nil),
        ]
        for (name, time, expected) in rows {
            #expect(hours.closing(ofOpeningAt: F.z(time), calendar: calendar) == expected.map(F.z), "\(name)")
        }
        // The day's closing is its last range's end, not the break.
        #expect(hours.nextClosing(after: F.z("2026-10-26T08:00"), calendar: calendar) == F.z("2026-10-26T21:00"))
        #expect(hours.lastClosing(atOrBefore: F.z("2026-10-26T08:00"), calendar: calendar) == F.z("2026-10-25T19:00"))
    }

    @Test func closedDaysAndNoWeeklyHours() {
        let holidays = F.hours(nil, closed: ["2026-12-25"])
        #expect(holidays.isOpen(at: F.z("2026-12-24T22:59"), calendar: calendar))
        #expect(!holidays.isOpen(at: F.z("2026-12-24T23:00"), calendar: calendar), "midnight in Berlin")
        #expect(holidays.isOpen(at: F.z("2026-12-25T23:00"), calendar: calendar))
        // Closed days alone close no visit: only weekly hours have a closing.
        #expect(holidays.nextClosing(after: F.z("2026-12-24T12:00"), calendar: calendar) == nil)
        #expect(OpeningHours.alwaysOpen.isOpen(at: F.z("2026-12-25T03:00"), calendar: calendar))
        // A closed day has no closing: the one before it is the last.
        let hours = F.hours(closed: ["2026-12-25"])
        #expect(hours.nextClosing(after: F.z("2026-12-24T22:00"), calendar: calendar) == F.z("2026-12-26T19:00"))
    }

    /// A week whose every day runs on into the next never closes (the searches give up at once,
    /// not after `searchDays`); a closed day in it makes the day before close at 24:00.
    @Test(arguments: [
        ("mon-sun 00:00-24:00", false),
        ("mon-sat 00:00-24:00", true),           // Saturday ends at midnight: Sunday is closed
        ("mon-sun 06:00-24:00", true),           // each day's 24:00 meets no 00:00
        ("mon 00:00-24:00; tue-sun 00:00-24:00", false),
        ("mon-sun 00:00-12:00,13:00-24:00", false),  // the break is no closing: the day runs on
    ])
    func aWeekThatNeverClosesHasNoClosing(access: String, closes: Bool) throws {
        let hours = F.hours(try HoursParser.access(access))
        #expect(hours.weekHasClosing == closes)
        let now = F.z("2026-10-26T08:00")
        #expect((hours.nextClosing(after: now, calendar: calendar) != nil) == closes)
        #expect((hours.lastClosing(atOrBefore: now, calendar: calendar) != nil) == closes)
        let holiday = F.hours(try HoursParser.access(access), closed: ["2026-10-28"])
        // Tuesday 27 October ends at 24:00 CET (23:00Z) before the closed Wednesday, unless the week closed earlier.
        let tuesdayEnd = F.z("2026-10-27T23:00")
        #expect(holiday.nextClosing(after: now, calendar: calendar) == min(hours.nextClosing(after: now, calendar: calendar) ?? tuesdayEnd, tuesdayEnd))
    }
}
