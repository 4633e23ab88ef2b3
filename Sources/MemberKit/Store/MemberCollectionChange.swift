/// What changed between two values of an observed member list, by memberId.
public struct MemberCollectionChange: Sendable {
    public var members: [MemberRecord]
    package var totalCount: Int
    public var insertions: [String]
    public var deletions: [String]
    package var modifications: [String]
    /// True for the first value.
    package var isInitial: Bool
}
