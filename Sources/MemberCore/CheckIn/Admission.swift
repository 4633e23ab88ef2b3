/// Every way in decided: a tap, an enrolment, a phone's pass, "let in anyway". Pure: what the
/// store read of the tap (`CheckInSubject`) and the request in, what to write (`CheckInChange`)
/// out. The store calls it inside the tap's one transaction and writes what it returns.
@_spi(Decisions) public enum Admission {
    package static func decide(_ subject: CheckInSubject, _ request: CheckInRequest) -> CheckInChange {
        switch request.mode {
        case .rules(let unknown):
            if subject.walletReplayed {
                return CheckInChange(outcome: .walletRefused(.replay, organization: request.settings.wallet.organization))
            }
            let verdict = rules(subject, request, unknown: unknown)
            var change = written(verdict.decision, subject, request, audit: .plain)
            change.warnings = verdict.warnings
            change.refusalLine = verdict.refusalLine
            change.lastVisitBefore = subject.member?.timeStampOfLastVisit
            return change
        case .override:
            return overridden(subject, request)
        }
    }

    /// The rules for a tap, given the pass's member (nil: none holds it): `CardRules`' order, then
    /// enrolment, then `CheckInRules`'.
    static func rules(_ subject: CheckInSubject, _ request: CheckInRequest,
                      unknown: EnrolmentRule.Request) -> (decision: CheckInDecision, warnings: [String], refusalLine: String?) {
        let pass = request.pass, settings = request.settings
        // The card first (`CardRules.order`): a replayed or unproven card is refused before any member is looked at.
        var card = CardFacts(passId: pass.passId, source: request.source, secure: request.secure,
                             lastSecureCounter: subject.lastSecureCounter, requireSecure: settings.requireSecure,
                             isStaffCard: subject.isStaffCard)
        card.credential = subject.passCredential
        if let refusal = CardRules.decide(card) { return (refusal, [], nil) }
        var member: MemberRecord
        var isNew = false
        if let found = subject.member {
            member = found
        } else {
            switch EnrolmentRule.apply(pass: pass, policy: settings.enrolment, request: unknown,
                                       nearHolders: subject.nearPassHolders.count,
                                       candidate: { newMember(pass, username: $0, fields: $1, request: request) }) {
            case .answer(let outcome): return (.answer(outcome), [], nil)
            case .candidate(let candidate):
                member = candidate
                isNew = true
            }
        }
        return CheckInRules.decide(facts(member, isNew: isNew, subject, request))
    }

    /// "Let in anyway": a staff card or an unknown pass is still not let in, and a member the rules
    /// do not refuse is answered as they answer; a refusal becomes a counted visit, recorded as an
    /// `override` with the refusal it overrode.
    static func overridden(_ subject: CheckInSubject, _ request: CheckInRequest) -> CheckInChange {
        let pass = request.pass
        if let refusal = StaffCardRule.apply(passId: pass.passId, isStaffCard: subject.isStaffCard) {
            return written(refusal, subject, request, audit: .plain)
        }
        guard let member = subject.member else { return written(.answer(.unknownPass(pass.passId)), subject, request, audit: .plain) }
        let facts = facts(member, isNew: false, subject, request)
        let decision = CheckInRules.decide(facts).decision
        guard case .answer(.refused(_, let reason)) = decision else { return written(decision, subject, request, audit: .plain) }
        // A pack that is used up is not overdrawn by staff letting the member in anyway.
        return written(.countVisit(member, packOf: reason == .packUsedUp ? nil : PlanRule.packToUse(facts)), subject, request,
                       audit: .override(refused: reason.rawValue))
    }

    enum AuditKind { case plain, override(refused: String) }

    /// What `decision` writes: the visit's counters and entry, a new member, or an exit; the fresh
    /// SUN read; and the record's line.
    static func written(_ decision: CheckInDecision, _ subject: CheckInSubject, _ request: CheckInRequest,
                        audit: AuditKind) -> CheckInChange {
        let time = request.time, desk = request.desk.id
        var change: CheckInChange
        switch decision {
        case .answer(let answer):
            change = CheckInChange(outcome: answer)
        case .countVisit(let member, let packOf):
            let entry = VisitEvent.entry(memberId: member.memberId, at: time, after: subject.presence?.time, desk: desk,
                                         source: request.source, eventId: request.ids.make(), guests: request.guests)
            let counted = member.counted(at: time)
            change = CheckInChange(outcome: .checkedIn(counted, visitNumber: counted.numVisits),
                                   write: .visit(memberId: member.memberId, entry: entry, packOf: packOf))
        case .enrol(let member):
            let entry = VisitEvent.entry(memberId: member.memberId, at: time, after: nil, desk: desk, source: request.source,
                                         eventId: request.ids.make(), guests: request.guests)
            change = CheckInChange(outcome: .enrolled(member.counted(at: time)), write: .enrol(member, entry: entry))
        case .exit(let member, let since):
            // Strictly after the entry it closes. The stay is the stored one, never negative when
            // the clock has stepped back.
            let exit = VisitEvent.exit(memberId: member.memberId, since: since, at: time, desk: desk,
                                       source: request.source.rawValue, kind: .tap, eventId: request.ids.make())
            change = CheckInChange(outcome: .checkedOut(member, stay: exit.time - since), write: .exit(exit))
        }
        // A fresh SUN read is used up by this tap, whatever the rules made of the member.
        if let secure = request.secure, !decision.refusesCard { change.secureRead = secure }
        switch audit {
        case .plain:
            change.audit = change.outcome.auditEntry(source: request.source, by: request.actor, at: request.desk,
                                                     wallet: request.wallet?.kind, time: time, ids: request.ids,
                                                     recording: request.recordsCheckIns)
        case .override(let refused):
            change.audit = change.outcome.auditEntry(source: request.source, by: request.actor, at: request.desk, action: .override,
                                                     time: time, ids: request.ids, recording: request.recordsCheckIns)
            change.audit?.detail["refused"] = refused
        }
        // The record says who came with the member.
        if request.guests > 0, change.outcome.isEntry {
            change.audit?.detail["guests"] = String(request.guests)
        }
        return change
    }

    static func facts(_ member: MemberRecord, isNew: Bool, _ subject: CheckInSubject, _ request: CheckInRequest) -> CheckInFacts {
        var facts = CheckInFacts(member: member, isNew: isNew, presence: subject.presence, insideCount: subject.insideCount,
                                 time: request.time, settings: request.settings, plan: subject.plan, latestExit: subject.latestExit,
                                 desk: request.desk.id)
        facts.guests = request.guests
        facts.guestsThisMonth = subject.guestsThisMonth
        return facts
    }

    /// The member an unknown pass enrols: its name typed, else the one the pass carries.
    static func newMember(_ pass: NormalizedPass, username: String?, fields: [String: JSONValue], request: CheckInRequest) -> MemberRecord {
        MemberRecord(memberId: request.ids.make(), passId: pass.passId,
                     username: username.flatMap { $0.isEmpty ? nil : $0 } ?? pass.username, timeStampAdded: request.time, fields: fields, modifiedAt: request.time, modifiedBy: request.desk.id)
    }
}

extension MemberRecord {
    /// The member with one more visit counted at `time` (the store's counters do the same in SQL).
    package func counted(at time: Double) -> MemberRecord {
        var member = self
        member.numVisits += 1
        member.timeStampOfLastVisit = max(member.timeStampOfLastVisit, time)
        return member
    }
}
