/// A hold (a freeze): the member may not come in from `from` through `until`, local calendar days
/// of the club, both included. A member's holds are kept merged (no two overlap or touch) and in
/// order, so each day is held by at most one (`MemberHold.merged`).
public struct MemberHold: Sendable, Hashable, Codable {
    public var from: CalendarDay
    public var until: CalendarDay
    public var reason: String?
    /// A household head's hold that leaves its household coming in (by default a frozen head
    /// freezes its household).
    public var headOnly: Bool

    public init(from: CalendarDay, until: CalendarDay, reason: String? = nil, headOnly: Bool = false) {
        self.from = from
        self.until = until
        self.reason = reason
        self.headOnly = headOnly
    }

    /// Days held, both ends counted.
    public var days: Int { until.dayNumber - from.dayNumber + 1 }

    public func holds(_ day: CalendarDay) -> Bool { from <= day && day <= until }

    /// Holds as a member keeps them: in order, overlapping or touching ones made one (the reasons
    /// of merged holds joined with "; ", each once). A head-only hold and a household one stay apart.
    package static func merged(_ holds: [MemberHold]) -> [MemberHold] {
        var result: [MemberHold] = []
        for hold in holds.sorted(by: { ($0.from, $0.until) < ($1.from, $1.until) }) {
            guard var last = result.last, hold.from.dayNumber <= last.until.dayNumber + 1, hold.headOnly == last.headOnly else {
                result.append(hold)
                continue
            }
            last.until = max(last.until, hold.until)
            let reasons = [last.reason, hold.reason].compactMap { $0 }.flatMap { $0.components(separatedBy: "; ") }
            var seen = Set<String>()
            let joined = reasons.filter { seen.insert($0).inserted }.joined(separator: "; ")
            last.reason = joined.isEmpty ? nil : joined
            result[result.count - 1] = last
        }
        return result
    }

    /// The hold that holds `day`, if any.
    package static func holding(_ day: CalendarDay, in holds: [MemberHold]) -> MemberHold? {
        holds.first { $0.holds(day) }
    }
}

extension CalendarDay: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let day = CalendarDay(parsing: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "'\(text)' is not a day"))
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension MemberHold {
    /// "2026-01-05..2026-01-12 (holiday)", as the audit and a conflict say a hold.
    public var text: String {
        "\(from)..\(until)" + (headOnly ? " head only" : "") + (reason.map { " (\($0))" } ?? "")
    }

    /// Holds as one line: each `text`, joined with ", " ("" for none).
    package static func text(_ holds: [MemberHold]) -> String {
        holds.map(\.text).joined(separator: ", ")
    }
}
