import Foundation
@testable import MemberCore
@_spi(Decisions) import MemberCore
import Testing

/// Without `occupancy.closing_time`, visits still open at the end of the day's last range close
/// there (`ClosingRule`), on the change days too; a set closing time wins over the hours.
@Suite struct HoursClosingTests {
    typealias F = HoursFixture

    static func settings(closingMinute: Int? = nil, hours: OpeningHours = F.hours(), maxStay: Double = 0) -> OccupancySettings {
        OccupancySettings(closingMinute: closingMinute, maxStay: maxStay, calendar: F.berlin, hours: hours)
    }

    @Test func theHoursCloseTheVisits() {
        let hours = Self.settings(), split = Self.settings(hours: F.hours(F.week("06:00-12:00,16:00-22:00")))
        let rows: [(String, OccupancySettings, String, String?)] = [
            ("spring Saturday: 20:00 CET", hours, "2026-03-28T10:00", "2026-03-28T19:00"),
            ("spring Sunday: 20:00 CEST", hours, "2026-03-29T10:00", "2026-03-29T18:00"),
            ("autumn Saturday: 20:00 CEST", hours, "2026-10-24T10:00", "2026-10-24T18:00"),
            ("autumn Sunday: 20:00 CET", hours, "2026-10-25T10:00", "2026-10-25T19:00"),
            ("an entry after closing (let in anyway): the next day's", hours, "2026-10-25T20:00", "2026-10-26T21:00"),
            ("the break closes nothing: the day's last range does", split, "2026-10-26T08:00", "2026-10-26T21:00"),
            ("a set closing time wins", Self.settings(closingMinute: 23 * 60), "2026-10-25T10:00", "2026-10-25T22:00"),
            ("no weekly hours: nothing closes", Self.settings(hours: F.hours(nil, closed: ["2026-12-25"])), "2026-12-24T10:00", nil),
            ("no [hours]: nothing closes", Self.settings(hours: .alwaysOpen), "2026-10-25T10:00", nil),
        ]
        for (name, settings, entry, closing) in rows {
            #expect(ClosingRule.nextClosing(after: F.z(entry), settings: settings) == closing.map(F.z), "\(name)")
        }
        #expect(hours.closes && !Self.settings(hours: .alwaysOpen).closes)
        #expect(ClosingRule.lastClosing(atOrBefore: F.z("2026-10-26T08:00"), settings: hours) == F.z("2026-10-25T19:00"))
        #expect(ClosingRule.dueBefore(now: F.z("2026-10-26T08:00"), settings: hours) == F.z("2026-10-25T19:00"))
    }

    @Test func theCheckOutsAreClosingTimes() {
        let settings = Self.settings(maxStay: 12 * 3600)
        let inside = [("m1", "2026-10-25T09:00"), ("m2", "2026-10-25T18:30"), ("m3", "2026-10-25T19:30")].map { id, time in
            MemberPresence(memberId: id, eventId: "e-\(id)", time: F.z(time), inside: true, terminalId: "desk-b")
        }
        let checkOuts = ClosingRule.checkOuts(of: inside, now: F.z("2026-10-25T20:00"), settings: settings)
        // m3 came after closing (let in anyway): its visit runs to its longest stay, or the next closing.
        #expect(checkOuts.map(\.exit.memberId) == ["m1", "m2"])
        #expect(checkOuts.map(\.exit.time) == [F.z("2026-10-25T19:00"), F.z("2026-10-25T19:00")])
        #expect(checkOuts.allSatisfy { $0.exit.exitKind == .auto && $0.audit.entryId == $0.exit.eventId })
    }

    /// The report caches a day under the rule's key: other hours, another key; no hours, the key as before.
    @Test func theKeyNamesTheHours() {
        #expect(ClosingRule.key(Self.settings(closingMinute: 22 * 60)) == "closing=1320 maxStay=0.0 zone=Europe/Berlin")
        #expect(ClosingRule.key(Self.settings()) != ClosingRule.key(Self.settings(hours: F.hours(F.week("07:00-22:00")))))
        #expect(ClosingRule.key(Self.settings()).hasPrefix("closing=- maxStay=0.0 zone=Europe/Berlin hours="))
    }
}
