import Foundation
import MemberKit

/// A seeded, club-shaped set of visits: regulars and occasional members, morning, lunch and
/// evening crowds, quieter weekends, some who stop coming. For the report's look and its bench.
public enum DemoVisits {
    /// SplitMix64: the same seed gives the same visits on every machine.
    public struct SeededRandom: RandomNumberGenerator {
        var state: UInt64
        public init(seed: UInt64) { state = seed }
        public mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let names = ["Anna", "Ben", "Chloé", "Dmitri", "Eva", "Farid", "Grace", "Hiro", "Inès", "Jonas", "Kemal", "Lena",
                        "Mia", "Noah", "Olga", "Pablo", "Quinn", "Rosa", "Sven", "Tara", "Umar", "Vera", "Wen", "Yusuf", "Zoë"]
    static let surnames = ["Berg", "Costa", "Dubois", "Evans", "Fischer", "García", "Hansen", "Ito", "Jensen", "Kowalski", "Larsen",
                           "Müller", "Novak", "O'Brien", "Petrov", "Rossi", "Schmidt", "Tanaka", "Weber", "Young"]

    /// Visits of `members` members over `days` days from `from`, in `timeZone`.
    public static func spans(from: CalendarDay, days: Int, members: Int, seed: UInt64 = 18,
                             timeZone: TimeZone = TimeZone(identifier: "UTC")!) -> [VisitSpan] {
        var random = SeededRandom(seed: seed)
        let timeline = LocalTimeline(timeZone: timeZone, from: Date(timeIntervalSince1970: Double(from.dayNumber - 2) * 86_400),
                                     to: Date(timeIntervalSince1970: Double(from.dayNumber + days + 2) * 86_400))
        var spans: [VisitSpan] = []
        for member in 0..<members {
            let memberId = String(format: "M%06d", member)
            let name = "\(names[member % names.count]) \(surnames[(member / names.count) % surnames.count])"
            let perWeek = [0.5, 1, 2, 2, 3, 3, 4, 5][Int.random(in: 0..<8, using: &random)]
            let habit = [7.0, 7.5, 12.0, 17.5, 18.0, 18.5, 19.5][Int.random(in: 0..<7, using: &random)]
            let stopsAfter = Double.random(in: 0..<1, using: &random) < 0.15 ? Int.random(in: 0..<days, using: &random) : days
            for offset in 0..<stopsAfter {
                let day = from.adding(days: offset)
                let weekend = day.weekdayFromMonday >= 5
                guard Double.random(in: 0..<1, using: &random) < perWeek / 7 * (weekend ? 0.7 : 1.05) else { continue }
                let hour = min(21.5, max(6, (weekend ? 10.5 : habit) + Double.random(in: -1.2...1.2, using: &random)))
                let entered = timeline.start(of: day).addingTimeInterval(hour * 3600 + Double.random(in: 0..<60, using: &random))
                let stay = max(15, 40 + 60 * Double.random(in: 0..<1, using: &random) + 40 * Double.random(in: 0..<1, using: &random))
                let closing = timeline.start(of: day).addingTimeInterval(22 * 3600)
                var exited = entered.addingTimeInterval(stay * 60)
                var kind = Double.random(in: 0..<1, using: &random) < 0.93 ? VisitSpan.ExitKind.tap : .staff
                if exited > closing { exited = closing; kind = .auto }
                spans.append(VisitSpan(visitId: "\(memberId)-\(offset)", memberId: memberId, username: name, entered: entered,
                                       exited: exited, exitKind: kind, desk: "front", source: "card"))
            }
        }
        return spans
    }
}
