import Foundation

/// A member with its row id: the tie-breaker that keyset pagination needs.
public struct MemberRow: Sendable, Hashable {
    package var rowId: Int64
    public var member: MemberRecord
    /// The pack's balance that applies to the member (its own, or its household head's), when
    /// that plan is a pack: the list's "Left" column.
    public var visitsLeft: Int?
    /// The name's sort key as stored (NameCollation): where a page in name order goes on from.
    package var nameKey: Data?

    package init(rowId: Int64, member: MemberRecord, visitsLeft: Int? = nil, nameKey: Data? = nil) {
        self.rowId = rowId
        self.member = member
        self.visitsLeft = visitsLeft
        self.nameKey = nameKey
    }
}
