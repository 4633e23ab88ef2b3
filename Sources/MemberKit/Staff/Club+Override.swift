import Foundation

extension Club {
    /// "Let in anyway": counts a visit for the member holding `raw` although the rules refused it
    /// (suspended, expired, full), recorded as an `override` with the refusal it overrode. Who may
    /// is the desk's to check (`StaffPermission.override`); a staff card or an unknown pass is
    /// still not let in, and a member already inside is answered as the rules would.
    @discardableResult
    public func admitAnyway(passId raw: String, source: CheckInSource = .manual, at date: Date? = nil,
                            by actor: AuditActor) throws -> CheckInReport {
        let now = date ?? clock.now()
        let time = now.timeIntervalSince1970
        let pass = try normalize(raw, source: source.rawValue)
        var overridden: String?
        func makeReport(_ commit: AppDatabase.CheckInCommit) -> CheckInReport {
            CheckInReport(time: now, source: source, passId: pass.passId, outcome: commit.outcome,
                          terminalId: terminal.id, inside: commit.inside, insideCount: commit.insideCount,
                          capacity: settings.occupancy.capacity, operator: actor.operator)
        }
        var outbox = outboxWrite()
        let commit = try storeErrorsPublished {
            try database.checkIn(passId: pass.passId, terminalId: terminal.id, source: source, at: time,
                                 prepare: { store in _ = try closeOverdue(store, at: time) },
                                 audit: { outcome in
                                     guard let overridden else { return checkInAudit(outcome, source: source, by: actor, at: time) }
                                     var entry = checkInAudit(outcome, source: source, by: actor, action: .override, at: time)
                                     entry?.detail["refused"] = overridden
                                     return entry
                                 },
                                 // Its messages in its own commit, as a tap's: a counted visit is never left unsaid.
                                 committing: { store, commit in try outbox.write(.checkIn(makeReport(commit)), in: store, at: now) }) { subject in
                if let refusal = StaffCardRule.apply(passId: pass.passId, isStaffCard: subject.isStaffCard) { return refusal }
                guard let member = subject.member else { return .answer(.unknownPass(pass.passId)) }
                let facts = CheckInFacts(member: member, isNew: false, presence: subject.presence,
                                         insideCount: subject.insideCount, time: time, settings: settings, plan: subject.plan,
                                         latestExit: subject.latestExit, desk: terminal.id)
                let decision = CheckInRules.decide(facts).decision
                guard case .answer(.refused(_, let reason)) = decision else { return decision }
                overridden = reason.rawValue
                // A pack that is used up is not overdrawn by staff letting the member in anyway.
                return .countVisit(member, packOf: reason == .packUsedUp ? nil : PlanRule.packToUse(facts))
            }
        }
        return publish(makeReport(commit), outbox)
    }
}
