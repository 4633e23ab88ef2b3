/// A member with its row id: the tie-breaker that keyset pagination needs.
public struct MemberRow: Sendable, Hashable {
    public var rowId: Int64
    public var member: MemberRecord

    public init(rowId: Int64, member: MemberRecord) {
        self.rowId = rowId
        self.member = member
    }
}
