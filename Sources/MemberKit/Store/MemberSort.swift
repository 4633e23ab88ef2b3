/// How a member listing is ordered.
public enum MemberSort: String, Sendable, CaseIterable {
    case name, lastVisit, visits, added
    /// Soonest expiry first (a household member's own), members with none after them.
    case expiry
    /// Pack members, fewest visits left first (owing ones before them), then everyone else.
    case visitsLeft

    var orderBy: String {
        switch self {
        // Each order ends on `id` so that its index (which carries the rowid) serves it whole.
        // The locale's collation, by its sort keys (NameCollation).
        case .name: return "nameKey, id"
        case .lastVisit: return "timeStampOfLastVisit DESC, id DESC"
        case .visits: return "numVisits DESC, id DESC"
        case .added: return "timeStampAdded, id"
        // Read in two segments (with an expiry, then without): the partial index serves the first.
        case .expiry: return "expiresAt NULLS LAST, id"
        case .visitsLeft: return "member.plan <> 'pack', \(Self.packBalance), id"
        }
    }

    /// A pack member's balance (nil for others): the pack's row read per member, since a pack
    /// member is one of few and the balance is not a member column.
    static let packBalance = "(CASE WHEN member.plan = 'pack' THEN coalesce((SELECT b.balance FROM pack_balance b WHERE b.memberId = member.memberId), 0) END)"

    var reversedOrderBy: String {
        switch self {
        case .name: return "nameKey DESC, id DESC"
        case .lastVisit: return "timeStampOfLastVisit, id"
        case .visits: return "numVisits, id"
        case .added: return "timeStampAdded DESC, id DESC"
        case .expiry: return "expiresAt DESC NULLS FIRST, id DESC"
        case .visitsLeft: return "member.plan <> 'pack' DESC, \(Self.packBalance) DESC, id DESC"
        }
    }
}
