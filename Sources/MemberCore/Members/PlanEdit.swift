/// A plan edit's part of a member change, once the member is as the edit leaves it: the household
/// rule checked, then the pack set or topped up through this desk's counters, with its audit line.
@_spi(Decisions) public enum PlanEdit {
    /// Throws `PlanEditError(.household, …)` when `member` cannot stand as it is.
    package static func decide(_ plan: PlanChanges, for member: MemberRecord, facts: MemberPlanFacts, by actor: AuditActor,
                               at desk: TerminalIdentity, ids: IdSource) throws(PlanEditError) -> (pack: MemberChange.PackCount?, audit: AuditEntry?) {
        if let problem = HouseholdRule.problem(member, head: facts.head, hasMembers: facts.hasHouseholdMembers) {
            throw PlanEditError(.household, problem)
        }
        guard plan.changesPack else { return (nil, nil) }
        let topUp = PackTopUp(plan, balance: facts.packBalance)
        let pack = topUp.change == 0 ? nil : MemberChange.PackCount(memberId: member.memberId, added: topUp.added, used: topUp.used)
        // At the member's new version: the line and the edit it records share one time.
        return (pack, AuditEntry.made(.edit, by: actor, at: desk, memberId: member.memberId, detail: topUp.auditDetail,
                                      time: member.modifiedAt, ids: ids))
    }
}
