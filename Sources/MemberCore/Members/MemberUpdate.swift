import Foundation

/// Editing a member: pure, in two steps inside the edit's transaction. `edited` takes the stored
/// member and gives it as the edit leaves it (the store then reads the facts that member's plan
/// needs: its household head may be a new one); `decide` says what to write.
@_spi(Decisions) public enum MemberUpdate {
    /// The edit, its pass already normalized; `time` and `desk` stamp the new version.
    package struct Request: Sendable {
        package var memberId: String
        package var changes: MemberChanges
        /// `changes.passId` as a scan reads it (nil: the pass is kept).
        package var passId: String?
        package var time: Double
        package var desk: TerminalIdentity
        package var actor: AuditActor
        /// The audit lines' ids.
        package var ids: IdSource
        /// The club's calendar, which an expiry's day is said in (`PlanSettings.calendar`).
        package var calendar: Calendar

        package init(memberId: String, changes: MemberChanges, passId: String?, time: Double, desk: TerminalIdentity,
                     actor: AuditActor, ids: IdSource, calendar: Calendar) {
            self.memberId = memberId
            self.changes = changes
            self.passId = passId
            self.time = time
            self.desk = desk
            self.actor = actor
            self.ids = ids
            self.calendar = calendar
        }
    }

    /// The member as the edit leaves it, stamped. Throws when there is no live member, when a new
    /// pass is an operator's card (`passIsStaffCard`, read for `request.passId`), or when the plan
    /// edit cannot be made, in that order.
    package static func edited(_ stored: MemberRecord?, _ request: Request, passIsStaffCard: Bool) throws -> MemberRecord {
        guard var member = stored, !member.isDeleted else { throw DeskError.notFound("no member \(request.memberId)") }
        let before = member
        let changes = request.changes
        if let passId = request.passId, passId != member.passId {
            try CardOwnership.requireFreeForMember(passId, isStaffCard: passIsStaffCard)
            // It holds a new card from now, not from when it was added; the same card in another case is no new card.
            if !PassIdNormalizer.samePass(passId, member.passId) { member.passSince = request.time }
            member.passId = passId
        }
        if let username = changes.username { member.username = username }
        for (name, value) in changes.fields { member.fields[name] = value }
        if let status = changes.status { member.status = status }
        if let expiresAt = changes.expiresAt { member.expiresAt = expiresAt }
        if let note = changes.note { member.note = note }
        if let alert = changes.alert { member.alert = alert }
        if let waiver = changes.waiver { member.waiver = waiver }
        if let guardian = changes.guardian { member.guardian = guardian }
        if let photo = changes.photo { member.photo = photo }
        member = try changes.plan.applied(to: member)
        member.stamp(changedFrom: before, at: request.time, by: request.desk.id)
        return member
    }

    /// What the edit from `before` to `after` (as `edited` made it) writes: the member, its pack,
    /// an audit line per field changed, and, when the pass changed hands, both passes' holders
    /// settled again. Throws when another live member holds its pass (`passHolder`), then when the
    /// plan cannot stand.
    package static func decide(before: MemberRecord, after: MemberRecord, _ request: Request, passHolder: MemberRecord? = nil,
                               facts: MemberPlanFacts) throws -> MemberChange {
        try CardOwnership.requireFreePass(after.passId, heldBy: passHolder)
        let planned = try PlanEdit.decide(request.changes.plan, for: after, facts: facts, by: request.actor, at: request.desk,
                                           ids: request.ids)
        let edits = MemberEdit.entries(before: before, after: after, calendar: request.calendar).map {
            AuditEntry.made($0.action, by: request.actor, at: request.desk, memberId: after.memberId, detail: $0.detail,
                            time: request.time, ids: request.ids)
        }
        var change = MemberChange(writes: [.update(after)], pack: planned.pack, audit: [planned.audit].compactMap { $0 } + edits,
                                  events: [.updated(after)])
        if !PassIdNormalizer.samePass(after.passId, before.passId) {
            // Members unified into this one through the old card are their own again, and the
            // new card's former holders are settled with it.
            change.settledPasses = [before.passId, after.passId]
        }
        return change
    }
}
