/// What the store reads for a member about to be stored, for its plan's part of the decision:
/// the household head it points at, whether others point at it, and its pack's balance.
package struct MemberPlanFacts: Sendable, Equatable {
    /// The live member its `household` names (nil: none, deleted, or not on the household plan).
    package var head: MemberRecord?
    /// Some other live member is in its household.
    package var hasHouseholdMembers: Bool
    /// The pack's balance (read only when the edit sets or tops up the pack).
    package var packBalance: Int

    package init(head: MemberRecord? = nil, hasHouseholdMembers: Bool = false, packBalance: Int = 0) {
        self.head = head
        self.hasHouseholdMembers = hasHouseholdMembers
        self.packBalance = packBalance
    }
}
