import Foundation

extension HouseholdRule {
    /// A member whose household's head was deleted: open again, no household, a new version by
    /// `desk` at `time`, with the edit's audit lines. Nil for a member not on the household plan
    /// (its household points at the head only by a stale value: nothing to release). `calendar` says an expiry's day.
    @_spi(Decisions) public static func released(_ member: MemberRecord, at time: Double, by desk: String,
                                 calendar: Calendar) -> (member: MemberRecord, edits: [MemberEdit.Entry])? {
        guard member.plan == .household else { return nil }
        var released = member
        released.plan = .open
        released.household = nil
        released.stamp(changedFrom: member, at: time, by: desk)
        return (released, MemberEdit.entries(before: member, after: released, calendar: calendar))
    }
}
