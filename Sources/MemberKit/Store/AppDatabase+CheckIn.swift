import Foundation
import GRDB

/// Check-ins: the terminal's counter, the member's totals, and the entry (the visit) or exit event.
extension AppDatabase {
    /// What the rules are shown of a tap: the pass's live member (nil if none), its latest entry
    /// or exit, and how many are inside.
    struct CheckInSubject {
        var member: MemberRecord?
        /// The pass is a live operator's staff card.
        var isStaffCard: Bool
        var presence: MemberPresence?
        /// How the member's latest event came about, when it is an exit (a tap's exit guards
        /// against the same tap again).
        var latestExit: VisitSpan.ExitKind?
        var insideCount: Int
        /// The member's plan, when it is not open.
        var plan: PlanStanding?
        /// For a SUN tap: the highest read counter the club has accepted for the tag (nil: none).
        var lastSecureCounter: UInt32? = nil
    }

    /// What a tap's transaction committed: the outcome, and who is inside after it.
    struct CheckInCommit {
        var outcome: CheckInOutcome
        var inside: Bool?
        var insideCount: Int
        /// The member's plan after the tap (the pack's balance after its use), when it is not open.
        var plan: PlanStanding?
    }

    /// A tap's one transaction: `prepare` first (closing time caught up), then finds the pass's
    /// live member, lets `rules` decide, writes what they decided and the `audit` entry for it.
    func checkIn(passId: String, terminalId: String, source: CheckInSource, at time: Double, secure: SecureTap? = nil,
                 prepare: (StoreTransaction) throws -> Void,
                 audit: (CheckInOutcome) -> AuditEntry? = { _ in nil },
                 committing: (StoreTransaction, CheckInCommit) throws -> Void = { _, _ in },
                 rules: (CheckInSubject) throws -> CheckInDecision) throws -> CheckInCommit {
        try write { store in
            try prepare(store)
            let member = try store.liveMember(passIdAnyCase: passId)
            let presence = try member.flatMap { try store.presence(memberId: $0.memberId) }
            let latestExit = try presence.flatMap { $0.inside ? nil : try store.exitKind(eventId: $0.eventId) }
            // Open members (most) cost no read more.
            let plan = try member.flatMap { $0.plan == .open ? nil : try store.planStanding($0) }
            let subject = CheckInSubject(member: member, isStaffCard: try store.liveStaffAccount(card: passId) != nil,
                                         presence: presence, latestExit: latestExit, insideCount: try store.insideCount(),
                                         plan: plan,
                                         lastSecureCounter: try secure.flatMap { try store.lastSecureCounter(uid: $0.uid) })
            let outcome: CheckInOutcome
            var used = false
            let decision = try rules(subject)
            // A fresh SUN read is used up by this tap, whatever the rules made of the member.
            if let secure, !decision.refusesCard { try store.recordSecureRead(secure, terminalId: terminalId) }
            switch decision {
            case .answer(let answer):
                outcome = answer
            case .countVisit(var member, let packOf):
                try store.recordEntry(&member, terminalId: terminalId, source: source, at: time, after: presence?.time)
                if let packOf { try store.usePackVisit(memberId: packOf, terminalId: terminalId) }
                used = packOf != nil
                outcome = .checkedIn(member, visitNumber: member.numVisits)
            case .enrol(var member):
                try store.insertMember(member)
                try store.recordEntry(&member, terminalId: terminalId, source: source, at: time)
                outcome = .enrolled(member)
            case .exit(let member, let since):
                // Strictly after the entry it closes: at the same time the ids would decide. The stay
                // is the stored one, never negative when the clock has stepped back.
                let exitTime = max(time, since.nextUp)
                try store.recordEvent(VisitEvent(eventId: UUID().uuidString, memberId: member.memberId, kind: .exit,
                                                 time: exitTime, terminalId: terminalId, source: source.rawValue, exitKind: .tap))
                outcome = .checkedOut(member, stay: exitTime - since)
            }
            if let entry = audit(outcome) { try store.appendAudit(entry) }
            let after = try outcome.member.flatMap { try store.presence(memberId: $0.memberId) }
            // The plan as the rules saw it, less the visit this tap used (no second read).
            var planAfter = plan
            if used { planAfter?.visitsLeft? -= 1 }
            let commit = CheckInCommit(outcome: outcome, inside: outcome.member.map { _ in after?.inside == true },
                                       insideCount: try store.insideCount(), plan: planAfter)
            // What goes into the same commit as the tap (its MQTT messages): nothing counted is left unsaid.
            try committing(store, commit)
            return commit
        }
    }
}

extension StoreTransaction {
    /// The live member holding this pass, else the one holding it in another letter case: `carl-9`
    /// typed at the desk is `CARL-9`, and a card UID another system stored in lowercase is the same
    /// card (without this, each would enrol a second member). Only an unambiguous match counts.
    func liveMember(passIdAnyCase passId: String) throws -> MemberRecord? {
        if let member = try liveMember(passId: passId) { return member }
        let matches = try liveMembers(passIdIgnoringCase: passId, limit: 2)
        return matches.count == 1 ? matches[0] : nil
    }

    /// A counted visit: the counters, and its entry event, which is also its row in the trail. The entry is placed
    /// after the member's latest event (`after`): at the same time the ids would decide.
    func recordEntry(_ member: inout MemberRecord, terminalId: String, source: CheckInSource, at time: Double,
                     after latest: Double? = nil) throws {
        try countVisit(&member, terminalId: terminalId, at: time)
        // The entry is the visit's row in the trail (`visitTime`: see `AppDatabase+Visits`).
        try recordEvent(VisitEvent(eventId: UUID().uuidString, memberId: member.memberId, kind: .entry,
                                   time: latest.map { max(time, $0.nextUp) } ?? time,
                                   terminalId: terminalId, source: source.rawValue), visitTime: time)
    }

    /// This terminal's counter and the member's totals.
    func countVisit(_ member: inout MemberRecord, terminalId: String, at time: Double) throws {
        // Cached statements: this runs on every tap.
        try db.cachedStatement(sql: """
            UPDATE member SET numVisits = numVisits + 1, timeStampOfLastVisit = max(timeStampOfLastVisit, ?)
            WHERE memberId = ?
            """).execute(arguments: [time, member.memberId])
        try db.cachedStatement(sql: """
            INSERT INTO visit_counter(memberId, terminalId, count) VALUES (?, ?, 1)
            ON CONFLICT(memberId, terminalId) DO UPDATE SET count = count + 1
            """).execute(arguments: [member.memberId, terminalId])
        member.numVisits += 1
        member.timeStampOfLastVisit = max(member.timeStampOfLastVisit, time)
    }
}
