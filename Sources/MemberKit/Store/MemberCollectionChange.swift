/// What changed between two values of an observed member list, by memberId.
package struct MemberCollectionChange: Sendable {
    package var members: [MemberRecord]
    package var totalCount: Int
    package var insertions: [String]
    package var deletions: [String]
    package var modifications: [String]
    /// True for the first value.
    package var isInitial: Bool
}
