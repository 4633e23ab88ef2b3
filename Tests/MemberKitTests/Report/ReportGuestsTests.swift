import Foundation
@testable import MemberCore
import MemberDeskTestSupport
@_spi(Testing) @testable import MemberKit
import Testing

/// The report counts people inside, guests among them: a host's guests are inside from the
/// host's entry until they leave on their own (`checkout --guests`) or with the host, and still
/// inside while the visit is open; the Visits figure says how many guests came. The same figures
/// whether a day is computed or read back from the report's cache.
@Suite struct ReportGuestsTests {
    typealias F = OccupancyFixture
    static let period = try! ReportPeriod(from: "2026-01-01", to: "2026-01-01", timeZone: TimeZone(identifier: "UTC")!)

    static func club() throws -> F {
        let f = try F()
        for pass in ["A", "B"] { try f.club.addMember(passId: pass) }
        // A comes at 9 with 3 guests; one of them leaves at 10, A and the other two at 12.
        f.clock.set(F.at(9))
        try f.club.checkIn(passId: "A", source: .nfc, guests: 3)
        _ = try f.club.checkOut(passId: "A", at: F.at(10), guests: 1)
        // B comes at 11 with 2 guests and is still inside.
        f.clock.set(F.at(11))
        try f.club.checkIn(passId: "B", source: .nfc, guests: 2)
        _ = try f.club.checkOut(passId: "A", at: F.at(12))
        return f
    }

    @Test func peakAndAverageCountGuestsAsPeople() throws {
        let f = try Self.club()
        // 11:00–12:00: A and 2 guests, B and 2 guests.
        let read = try f.club.reportFigures(period: Self.period, now: F.at(13))
        #expect(read.figures.peakOccupancy == 6)
        #expect(read.figures.peakAt == F.at(11))
        #expect(read.figures.visits == 2 && read.figures.guests == 5)
        // 9–10: 4, 10–11: 3, 11–12: 6, 12–13: 3 people; each minute with anyone in counts.
        #expect(abs(read.figures.averageOccupancy - 4.0) < 0.0001, "\(read.figures.averageOccupancy)")
        let html = ReportPage.render(read.figures)
        #expect(html.contains("data-figure=\"peak-occupancy\">6<"))
        #expect(html.contains("5 guests"))
        // The next day the first day is read from the cache: the same people (B's party still inside till now).
        let later = try f.club.reportFigures(period: Self.period, now: F.at(13, day: 1))
        #expect(later.figures.peakOccupancy == 6 && later.figures.guests == 5)
        let again = try f.club.reportFigures(period: Self.period, now: F.at(13, day: 1))
        #expect(again.figures.peakOccupancy == later.figures.peakOccupancy
                && again.figures.averageOccupancy == later.figures.averageOccupancy)
    }

    @Test func aCachedDayWithGuestsReadsBackAsItWasWritten() throws {
        var builder = ReportDay.Builder(day: 20_454)
        let base = 20_454.0 * 86_400 + 9 * 3600
        builder.add(entered: base, exited: base + 3 * 3600, exitKind: .tap, hour: 9, member: 1, guests: 3,
                    leaving: [VisitSpan.GuestsLeaving(time: base + 3600, count: 1)])
        builder.add(entered: base + 7200, exited: nil, exitKind: nil, hour: 11, member: 2, guests: 2)
        let day = builder.finish()
        #expect(day.guests == 5 && day.openGuests == 2 && day.open == 1)
        #expect(day.insideDeltas.map(\.delta).reduce(0, +) == day.open + day.openGuests)
        #expect(ReportDayCoding.decode(ReportDayCoding.encode(day)) == day)
        // A blob claiming more open guests than came is no cached day.
        var bad = day
        bad.openGuests = 9
        #expect(ReportDayCoding.decode(ReportDayCoding.encode(bad)) == nil)
    }
}
