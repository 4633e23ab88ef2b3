/// The report's holds: each live member's holds that touch the period, and how many members are
/// frozen today (a household member kept out by its head's hold counts too, as `FreezeRule` would
/// refuse it). Pure: members in, rows out.
public struct HoldFigures: Sendable, Equatable {
    public struct Row: Sendable, Equatable {
        public var memberId: String
        public var name: String
        public var hold: MemberHold
    }

    /// In the order the holds begin, then by name.
    public let rows: [Row]
    public let frozenToday: Int

    /// `members`: those with holds and their household members (a head's hold keeps them out).
    public init(_ members: [MemberRecord], period: ReportPeriod, today: CalendarDay) {
        let live = members.filter { !$0.isDeleted }
        let heads = Dictionary(live.map { ($0.memberId, $0) }, uniquingKeysWith: { first, _ in first })
        frozenToday = live.count { FreezeRule.hold($0, head: $0.household.flatMap { heads[$0] }, on: today) != nil }
        rows = live.flatMap { member in
            member.holds.filter { $0.from <= period.to && period.from <= $0.until }
                .map { Row(memberId: member.memberId, name: member.displayName, hold: $0) }
        }.sorted { ($0.hold.from, $0.name, $0.memberId) < ($1.hold.from, $1.name, $1.memberId) }
    }
}
