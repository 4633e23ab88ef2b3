import Foundation
import MemberDeskTestSupport
@testable import MemberCore
@testable import MemberKit
import Testing

/// `ReportDay`'s stored form: a day survives the round trip, and a damaged blob reads as nil.
@Suite struct ReportDayCodingTests {
    static func sample() -> ReportDay {
        var builder = ReportDay.Builder(day: 20_500)
        let start = 20_500.0 * 86_400
        builder.add(entered: start + 3600.25, exited: start + 7200.5, exitKind: .tap, hour: 1, member: 7)
        builder.add(entered: start + 3610, exited: start + 3630, exitKind: .staff, hour: 1, member: 3)  // in and out in one minute
        builder.add(entered: start + 80_000, exited: start + 200_000, exitKind: .tap, hour: 22, member: 7)  // past midnight, over a day
        builder.add(entered: start + 70_000, exited: start + 73_000, exitKind: .auto, hour: 19, member: 3)  // closed by rule: no stay
        builder.add(entered: start + 74_000, exited: start + 75_000, exitKind: .reentry, hour: 20, member: 3)
        builder.add(entered: start + 50_000, exited: nil, exitKind: nil, hour: 13, member: 1_000_000)
        return builder.finish()
    }

    @Test func aDayRoundTrips() throws {
        let day = Self.sample()
        #expect(day.members == [3, 7, 1_000_000])
        #expect(day.insideDeltas.map(\.delta).reduce(0, +) == day.open)
        #expect(day.stayMinutes.last?.minute == ReportDay.stayMinuteCap)
        // The stays the rule ended are not measured.
        #expect(day.closedByRule == 2 && day.stayMinutes.map(\.count).reduce(0, +) == day.closed - 2)
        #expect(ReportDayCoding.decode(ReportDayCoding.encode(day)) == day)
        #expect(ReportDayCoding.decode(ReportDayCoding.encode(ReportDay(day: -3))) == ReportDay(day: -3))
    }

    @Test func aDamagedBlobIsNil() {
        let bytes = ReportDayCoding.encode(Self.sample())
        for length in 0..<bytes.count { #expect(ReportDayCoding.decode(Array(bytes.prefix(length))) == nil) }
        #expect(ReportDayCoding.decode(bytes + [0]) == nil)
        var otherVersion = bytes
        otherVersion[0] = ReportDayCoding.version + 1
        #expect(ReportDayCoding.decode(otherVersion) == nil)
        // Any byte changed: nil or a day that is still consistent, never a crash.
        var random = DemoVisits.SeededRandom(seed: 7)
        for _ in 0..<2000 {
            var damaged = bytes
            damaged[Int.random(in: 1..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            if let day = ReportDayCoding.decode(damaged) {
                #expect(day.arrivals.reduce(0, +) == day.visits && day.open + day.closed == day.visits)
            }
        }
    }
}
