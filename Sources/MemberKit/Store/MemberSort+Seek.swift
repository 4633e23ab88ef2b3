import GRDB

extension MemberSort {
    /// The WHERE clauses that select rows beyond `cursor`, in reading order.
    func seekSegments(after cursor: MemberRow?, backward: Bool) -> [SeekSegment] {
        guard let cursor else {
            if self == .name {
                // Rows with no key (no name) sort first: read them first forward, last backward.
                let nulls = SeekSegment(condition: " AND nameKey IS NULL", arguments: [])
                let named = SeekSegment(condition: " AND nameKey IS NOT NULL", arguments: [])
                return backward ? [named, nulls] : [nulls, named]
            }
            if self == .visitsLeft {
                let packs = SeekSegment(condition: " AND member.plan = 'pack'", arguments: [])
                let others = SeekSegment(condition: " AND member.plan <> 'pack'", arguments: [])
                return backward ? [others, packs] : [packs, others]
            }
            if self == .expiry {
                // Members with no expiry come last: read them last forward, first backward.
                let dated = SeekSegment(condition: " AND expiresAt IS NOT NULL", arguments: [])
                let never = SeekSegment(condition: " AND expiresAt IS NULL", arguments: [])
                return backward ? [never, dated] : [dated, never]
            }
            return [SeekSegment(condition: "", arguments: [])]
        }
        let m = cursor.member, id = cursor.rowId
        // "Ascending" is the direction in which the row value grows.
        func seek(_ column: String, _ value: DatabaseValueConvertible, ascending: Bool) -> SeekSegment {
            SeekSegment(condition: " AND (\(column), id) \(ascending ? ">" : "<") (?, ?)", arguments: [value, id])
        }
        switch self {
        case .name:
            let grows = !backward
            if let key = cursor.nameKey {
                let past = seek("nameKey", key, ascending: grows)
                guard backward else { return [past] }
                return [SeekSegment(condition: " AND nameKey IS NOT NULL" + past.condition, arguments: past.arguments),
                        SeekSegment(condition: " AND nameKey IS NULL", arguments: [])]
            }
            let nulls = SeekSegment(condition: " AND nameKey IS NULL AND id \(grows ? ">" : "<") ?", arguments: [id])
            return backward ? [nulls] : [nulls, SeekSegment(condition: " AND nameKey IS NOT NULL", arguments: [])]
        case .lastVisit: return [seek("timeStampOfLastVisit", m.timeStampOfLastVisit, ascending: backward)]
        case .visits: return [seek("numVisits", m.numVisits, ascending: backward)]
        case .added: return [seek("timeStampAdded", m.timeStampAdded, ascending: !backward)]
        case .visitsLeft:
            let others = SeekSegment(condition: " AND member.plan <> 'pack'", arguments: [])
            guard m.plan == .pack else {
                let past = SeekSegment(condition: " AND member.plan <> 'pack' AND id \(backward ? "<" : ">") ?", arguments: [id])
                return backward ? [past, SeekSegment(condition: " AND member.plan = 'pack'", arguments: [])] : [past]
            }
            // The cursor's balance is read by the same expression, from its memberId.
            let balance = "coalesce((SELECT b.balance FROM pack_balance b WHERE b.memberId = ?), 0)"
            let packs = SeekSegment(condition: " AND member.plan = 'pack' AND (\(Self.packBalance), id) \(backward ? "<" : ">") (\(balance), ?)",
                                    arguments: [m.memberId, id])
            return backward ? [packs] : [packs, others]
        case .expiry:
            let never = SeekSegment(condition: " AND expiresAt IS NULL", arguments: [])
            guard let expiresAt = m.expiresAt else {
                let past = SeekSegment(condition: " AND expiresAt IS NULL AND id \(backward ? "<" : ">") ?", arguments: [id])
                return backward ? [past, SeekSegment(condition: " AND expiresAt IS NOT NULL", arguments: [])] : [past]
            }
            let past = seek("expiresAt", expiresAt, ascending: !backward)
            let dated = SeekSegment(condition: " AND expiresAt IS NOT NULL" + past.condition, arguments: past.arguments)
            return backward ? [dated] : [dated, never]
        }
    }
}
