import Foundation
@testable import MemberCore
import Testing

/// `ISO8601Text` reads the times memberdesk writes by arithmetic (`CanonicalTime`) and the rest
/// with ICU; both must give the same instant, to the bit, or an import would see every member changed.
@Suite("Canonical ISO-8601 times: read by arithmetic exactly as ICU reads them")
struct CanonicalTimeTests {
    /// ICU's reading, as before the fast path: a formatter of its own.
    static func icu(_ text: String, fractional: Bool) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = fractional ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
        return formatter.date(from: text)
    }

    static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }

    @Test("random canonical times, in every zone offset, with and without milliseconds, give ICU's instant")
    func sameInstantAsICU() {
        var random = SplitMix(seed: 0x5EED_CAFE)
        for _ in 0..<3000 {
            let fractional = Bool.random(using: &random)
            let year = Int.random(in: 1600...9999, using: &random), month = Int.random(in: 1...12, using: &random)
            let day = Int.random(in: 1...CalendarDay.daysIn(month: month, year: year), using: &random)
            var text = "\(year)-\(Self.two(month))-\(Self.two(day))T\(Self.two(Int.random(in: 0...23, using: &random)))"
                + ":\(Self.two(Int.random(in: 0...59, using: &random))):\(Self.two(Int.random(in: 0...59, using: &random)))"
            if fractional { text += "." + String(String(Int.random(in: 1000...1999, using: &random)).dropFirst()) }
            let quarters = Int.random(in: -56...56, using: &random)
            text += quarters == 0 && Bool.random(using: &random) ? "Z"
                : (quarters < 0 ? "-" : "+") + Self.two(abs(quarters) / 4) + ":" + Self.two(abs(quarters) % 4 * 15)
            let fast = CanonicalTime.date(text, fractional: fractional)
            #expect(fast != nil, "\(text) is canonical")
            #expect(fast?.timeIntervalSince1970.bitPattern == Self.icu(text, fractional: fractional)?.timeIntervalSince1970.bitPattern,
                    "\(text): \(String(describing: fast?.timeIntervalSince1970)) vs ICU's \(String(describing: Self.icu(text, fractional: fractional)?.timeIntervalSince1970))")
        }
    }

    @Test("text off the canonical layout is left to ICU, and ISO8601Text still reads it as ICU does",
          arguments: ["2026-02-30T00:00:00Z", "2026-01-01t09:30:00Z", "2026-01-01T09:30:00z", "2026-01-01T09:30:00+0100",
                      "2026-01-01T09:30:00+01", "2026-01-01T24:00:00Z", "1500-01-01T00:00:00Z", "2026-01-01T09:30:00.12Z",
                      "2026-01-01T09:30:00.1234Z", "2026-01-01T09:30:60Z", "2026-01-01T09:30:00+24:00", "20260101T093000Z",
                      "2026-01-01 09:30:00Z", "2026-01-01T09:30Z", "2026-1-01T09:30:00Z"])
    func offLayoutGoesToICU(text: String) {
        for fractional in [false, true] {
            #expect(CanonicalTime.date(text, fractional: fractional) == nil, "\(text)")
            let options: ISO8601DateFormatter.Options = fractional ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
            #expect(ISO8601Text.date(from: text, options: options) == Self.icu(text, fractional: fractional), "\(text)")
        }
    }

    @Test("a time with milliseconds is not read where none are expected, nor one without where they are")
    func fractionMustMatchTheOptions() {
        #expect(CanonicalTime.date("2026-01-01T09:30:00.250+01:00", fractional: false) == nil)
        #expect(CanonicalTime.date("2026-01-01T09:30:00+01:00", fractional: true) == nil)
        #expect(CanonicalTime.date("2026-01-01T09:30:00.250+01:00", fractional: true)?.timeIntervalSince1970 == 1_767_256_200.25)
    }
}
