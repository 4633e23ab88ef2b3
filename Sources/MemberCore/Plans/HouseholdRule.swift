/// A household is one level deep: its member points at a head that is in no household itself,
/// never at itself, and a head cannot join another household while members point at it.
/// Edits are refused with the reason; a sync file's member keeps the plan it had here.
public enum HouseholdRule {
    /// The expiry that applies to a household member: its own or its head's, the earlier (the
    /// head's expiry applies to its household; its suspension does not). Status, the door and
    /// the listings all read it here; the store's SQL form is `MemberColumns.householdExpiry`.
    package static func expiresAt(own: Double?, head: Double?) -> Double? {
        [own, head].compactMap { $0 }.min()
    }

    /// `expiresAt(own:head:)` with the head's expiry the store read with the member.
    public static func expiresAt(_ member: MemberRecord) -> Double? {
        expiresAt(own: member.expiresAt, head: member.plan == .household ? member.householdExpiresAt : nil)
    }

    /// Why `member` cannot stand as it is (nil: it can). `head` is the member it points at (nil:
    /// not stored here); `hasMembers`: some live member points at `member`.
    @_spi(Decisions) public static func problem(_ member: MemberRecord, head: MemberRecord?, hasMembers: Bool) -> String? {
        guard member.plan == .household else { return nil }
        guard let headId = member.household else { return "a household plan needs --household" }
        if headId == member.memberId { return "a member cannot be in its own household" }
        if hasMembers { return "\(member.displayName) heads a household, so cannot join another" }
        if let head, head.plan == .household { return "\(head.displayName) is in a household already: households do not nest" }
        return nil
    }
}
