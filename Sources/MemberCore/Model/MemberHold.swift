/// A hold (a freeze): the member may not come in from `from` through `until`, local calendar days
/// of the club, both included. A member keeps every hold it was given as a record of its own
/// (`MemberRecord.holdRecords`, by `id`), so two desks freezing one member offline both keep
/// theirs (`joined`); ending one early only ever moves `until` earlier, and a cancelled one ends
/// the day before it begins. What the door, the list and the report read is the live holds,
/// merged (`MemberRecord.holds`): overlapping or touching ones made one.
public struct MemberHold: Sendable, Hashable, Codable {
    /// Given when the hold is made; a hold from before ids existed is named by its days.
    public var id: String
    public var from: CalendarDay
    public var until: CalendarDay
    public var reason: String?
    /// A household head's hold that leaves its household coming in (by default a frozen head
    /// freezes its household).
    public var headOnly: Bool
    /// When it was made, as its version's stamp (nil for one from before the stamp was kept): a
    /// hold made after the expiry was last set moves that expiry out (`HoldExtension`).
    public var madeAt: Double?
    /// Made with `plans.freeze_extends_expiry` on.
    public var extendsExpiry: Bool

    public init(id: String? = nil, from: CalendarDay, until: CalendarDay, reason: String? = nil, headOnly: Bool = false,
                madeAt: Double? = nil, extendsExpiry: Bool = false) {
        self.id = id ?? Self.legacyId(from: from, until: until, headOnly: headOnly)
        self.from = from
        self.until = until
        self.reason = reason
        self.headOnly = headOnly
        self.madeAt = madeAt
        self.extendsExpiry = extendsExpiry
    }

    /// An id as a file may carry one: 1 to 64 printable ASCII characters.
    package static func isId(_ text: String) -> Bool {
        (1...64).contains(text.utf8.count) && text.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
    }

    /// The id of a hold that came without one: its days, so every desk names it alike.
    package static func legacyId(from: CalendarDay, until: CalendarDay, headOnly: Bool) -> String {
        "\(from)..\(until)" + (headOnly ? "+head" : "")
    }

    /// Days held, both ends counted (none for a cancelled one).
    public var days: Int { max(0, until.dayNumber - from.dayNumber + 1) }

    /// Still holds a day: not cancelled (a cancelled hold ends before it begins).
    public var isLive: Bool { from <= until }

    public func holds(_ day: CalendarDay) -> Bool { from <= day && day <= until }

    /// This hold cut to end on `day` at the latest (cancelled when that is before it begins):
    /// the one change a hold takes, so records only ever shrink.
    package func ending(by day: CalendarDay) -> MemberHold {
        var hold = self
        hold.until = min(until, max(day, from.adding(days: -1)))
        return hold
    }

    /// Two desks' records of a member's holds as one: every id either has, and for an id both
    /// have, the earlier end (an early end or a cancellation at either desk stands). Any order,
    /// any repeat, the same records; at a (hostile) clash of what else an id says, the greater.
    package static func joined(_ a: [MemberHold], _ b: [MemberHold]) -> [MemberHold] {
        // Every member read joins its own records (`MemberDetailsJSON`): one record is itself.
        if b.isEmpty && a.count <= 1 { return a }
        if a.isEmpty && b.count <= 1 { return b }
        var byId: [String: MemberHold] = [:]
        for hold in a + b {
            guard let other = byId[hold.id] else {
                byId[hold.id] = hold
                continue
            }
            var kept = other.text(withId: true) >= hold.text(withId: true) ? other : hold
            kept.until = min(other.until, hold.until)
            byId[hold.id] = kept
        }
        return byId.values.sorted { ($0.from, $0.id) < ($1.from, $1.id) }
    }

    /// Holds as a member keeps them: live ones in order, overlapping or touching ones made one
    /// (the reasons of merged holds joined with "; ", each once). A head-only hold and a household
    /// one stay apart.
    package static func merged(_ holds: [MemberHold]) -> [MemberHold] {
        var result: [MemberHold] = []
        for hold in holds.filter(\.isLive).sorted(by: { ($0.from, $0.until, $0.id) < ($1.from, $1.until, $1.id) }) {
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
    public var text: String { text(withId: false) }

    package func text(withId: Bool) -> String {
        (withId ? id + " " : "") + "\(from)..\(until)" + (headOnly ? " head only" : "") + (reason.map { " (\($0))" } ?? "")
            + (withId ? " \(madeAt ?? -1) \(extendsExpiry)" : "")
    }

    /// Holds as one line: each `text`, joined with ", " ("" for none).
    package static func text(_ holds: [MemberHold]) -> String {
        holds.map(\.text).joined(separator: ", ")
    }
}
