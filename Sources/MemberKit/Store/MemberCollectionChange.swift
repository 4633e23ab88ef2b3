/// What changed between two values of an observed member list, by memberId.
public struct MemberCollectionChange: Sendable {
    public var members: [MemberRecord]
    public var totalCount: Int
    public var insertions: [String]
    public var deletions: [String]
    public var modifications: [String]
    /// True for the first value.
    public var isInitial: Bool
}
