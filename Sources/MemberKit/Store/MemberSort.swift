/// How a member listing is ordered.
public enum MemberSort: String, Sendable, CaseIterable {
    case name, lastVisit, visits, added

    var orderBy: String {
        switch self {
        // Each order ends on `id` so that its index (which carries the rowid) serves it whole.
        case .name: return "username COLLATE NOCASE, id"
        case .lastVisit: return "timeStampOfLastVisit DESC, id DESC"
        case .visits: return "numVisits DESC, id DESC"
        case .added: return "timeStampAdded, id"
        }
    }

    var reversedOrderBy: String {
        switch self {
        case .name: return "username COLLATE NOCASE DESC, id DESC"
        case .lastVisit: return "timeStampOfLastVisit, id"
        case .visits: return "numVisits, id"
        case .added: return "timeStampAdded DESC, id DESC"
        }
    }
}
