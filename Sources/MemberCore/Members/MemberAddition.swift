/// Adding a member by hand (the CLI, the desk's form, an API): pure. The member is made before
/// the transaction (`candidate`); inside it the store reads whether its pass is a staff card and
/// its plan's facts, and `decide` says what to write: the member, its pack, the record's lines.
@_spi(Decisions) public enum MemberAddition {
    /// The new member, with no visits, stamped by `desk` at `time`, its id from `ids`. A name read
    /// from the pass itself is made safe rather than refused: the tap enrols.
    package static func candidate(pass: NormalizedPass, username: String?, fields: [String: JSONValue], status: MemberStatus,
                                  expiresAt: Double?, note: String?, plan: PlanChanges, at time: Double,
                                  desk: String, ids: IdSource) throws(PlanEditError) -> MemberRecord {
        try plan.applied(to: MemberRecord(memberId: ids.make(), passId: pass.passId, username: username ?? pass.username.map(PlainText.shown),
                                          timeStampAdded: time, fields: fields, status: status, expiresAt: expiresAt, note: note,
                                          modifiedAt: time, modifiedBy: desk))
    }

    /// What adding `member` writes. Throws when its pass is an operator's card, when another live
    /// member holds it (`passHolder`), or when its plan cannot stand, in that order.
    package static func decide(_ member: MemberRecord, plan: PlanChanges, passIsStaffCard: Bool, passHolder: MemberRecord? = nil,
                               facts: MemberPlanFacts, by actor: AuditActor, at desk: TerminalIdentity,
                               ids: IdSource) throws -> MemberChange {
        try CardOwnership.requireFreeForMember(member.passId, isStaffCard: passIsStaffCard)
        try CardOwnership.requireFreePass(member.passId, heldBy: passHolder)
        let planned = try PlanEdit.decide(plan, for: member, facts: facts, by: actor, at: desk, ids: ids)
        let enrol = AuditEntry.made(.enrol, by: actor, at: desk, memberId: member.memberId, time: member.modifiedAt, ids: ids)
        return MemberChange(writes: [.insert(member)], pack: planned.pack, audit: [planned.audit, enrol].compactMap { $0 },
                            events: [.created(member)])
    }
}
