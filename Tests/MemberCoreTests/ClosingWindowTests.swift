import Foundation
@testable import MemberCore
@_spi(Decisions) import MemberCore
import Testing

/// Closing time asks the calendar once a window (from one closing to the next), not once an
/// entry: the exits it makes must be the ones asking for each entry alone gives, across days,
/// closing times near midnight and inside a DST gap, and with a longest stay beside.
@Suite struct ClosingWindowTests {
    static let zones = ["UTC", "Europe/Berlin", "America/Santiago", "Australia/Lord_Howe"]

    @Test(arguments: zones) func theWindowGivesEachEntrysOwnNextClosing(zone: String) throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: zone))
        // 2026-03-25 to 2026-04-08 and 2026-09-30 to 2026-10-14 hold DST changes in these zones.
        for (start, minute) in [(1_774_396_800.0, 150), (1_774_396_800.0, 0), (1_790_726_400.0, 23 * 60 + 59), (1_790_726_400.0, 22 * 60)] {
            let settings = OccupancySettings(closingMinute: minute, calendar: calendar)
            var generator = SplitMix(seed: UInt64(minute) &+ UInt64(start))
            var times = (0..<600).map { _ in start + Double(generator.next() % (14 * 86_400)) }
            times += [start, start + 86_400]  // day starts
            // Each closing instant itself and a moment before it: the window's edges.
            times += times.compactMap { ClosingRule.nextClosing(after: $0, settings: settings) }.flatMap { [$0, $0 - 0.001] }
            times.sort()
            var window = ClosingRule.ClosingWindow(settings: settings)
            for time in times {
                #expect(window.nextClosing(after: time) == ClosingRule.nextClosing(after: time, settings: settings),
                        "\(zone) closing \(minute) at \(time)")
            }
            // An exact closing instant closes at the next one, never at itself.
            if let closing = ClosingRule.nextClosing(after: start, settings: settings) {
                #expect(window.nextClosing(after: closing) == ClosingRule.nextClosing(after: closing, settings: settings))
            }
        }
    }

    @Test func closingTimesCheckOutsAreEachEntrysOwnExit() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "Europe/Berlin"))
        let settings = OccupancySettings(closingMinute: 22 * 60, maxStay: 5 * 3600, calendar: calendar)
        let start = 1_774_396_800.0, now = start + 10 * 86_400
        var generator = SplitMix(seed: 7)
        let inside = (0..<400).map { i in start + Double(generator.next() % (11 * 86_400)) }.sorted().enumerated().map { i, time in
            MemberPresence(memberId: "m\(i)", eventId: "e\(i)", time: time, inside: true, terminalId: "desk-b")
        }
        let checkOuts = ClosingRule.checkOuts(of: inside, now: now, settings: settings)
        let expected = inside.compactMap { entry in
            ClosingRule.exitTime(since: entry.time, now: now, settings: settings).map { (entry.memberId, $0) }
        }
        #expect(checkOuts.map(\.exit.memberId) == expected.map(\.0))
        #expect(checkOuts.map(\.exit.time) == expected.map(\.1))
        #expect(checkOuts.count < inside.count, "entries not yet due stay inside")
        #expect(checkOuts.allSatisfy { $0.audit.entryId == $0.exit.eventId })
    }
}
