import Foundation

/// Deleting a member: pure. It becomes a tombstone (so that the deletion syncs to other desks),
/// and the members of the household it headed are open members again, each with its edit's lines.
@_spi(Decisions) public enum MemberDeletion {
    /// `stored` is the member the store read (nil: none); `household` the live members pointing
    /// at it, read in the same transaction. Throws when there is no live member.
    package static func decide(_ stored: MemberRecord?, memberId: String, household: [MemberRecord], at time: Double,
                               desk: TerminalIdentity, by actor: AuditActor, ids: IdSource, calendar: Calendar) throws -> MemberChange {
        guard var member = stored, !member.isDeleted else { throw DeskError.notFound("no member \(memberId)") }
        member.deletedAt = time
        member.stamp(changedFrom: stored ?? member, at: time, by: desk.id)
        var change = MemberChange(writes: [.update(member)],
                                  audit: [AuditEntry.made(.delete, by: actor, at: desk, memberId: member.memberId,
                                                          detail: ["name": member.username ?? "", "pass": member.passId], time: time,
                                                          ids: ids)],
                                  events: [.deleted(member)])
        // A member pointing at itself is not its own household's member: it is the one deleted.
        for other in household where other.memberId != member.memberId {
            guard let release = HouseholdRule.released(other, at: time, by: desk.id, calendar: calendar) else { continue }
            change.writes.append(.update(release.member))
            change.audit += release.edits.map {
                AuditEntry.made($0.action, by: actor, at: desk, memberId: other.memberId, detail: $0.detail, time: time, ids: ids)
            }
            change.events.append(.updated(release.member))
        }
        return change
    }
}
