import Foundation
import GRDB
@_spi(Decisions) import MemberCore

/// A way in (a tap, an enrolment, a phone's pass, "let in anyway") as one operation, run by
/// `AppDatabase.run`: the pass's facts read, `Admission` (MemberCore) decides, and the store
/// writes what it decided: the terminal's counter, the member's totals, the entry (the visit) or
/// exit event, the audit line. Its report's messages are queued in the same commit.
struct CheckInOperation: StoreOperation {
    var request: CheckInRequest
    var now: Date { request.now }
    var occupancy: OccupancySettings? { request.settings.occupancy }

    /// A phone's cryptogram claimed (the one write before the decision: a claim already made is a
    /// replay), then what `Admission` is shown of the pass.
    func facts(in store: StoreTransaction) throws -> CheckInSubject {
        var replayed = false
        if let wallet = request.wallet {
            replayed = try !store.claimWalletCryptogram(wallet.digest, until: request.time + request.settings.wallet.maxAge,
                                                        now: request.time, terminalId: request.desk.id)
        }
        var subject = try store.checkInSubject(passId: request.pass.passId, secure: request.secure, walletReplayed: replayed)
        // The allowance's history, read only when guests are asked for: the guests of this month's entries.
        if request.guests > 0, let member = subject.member {
            subject.guestsThisMonth = try store.guestsBrought(memberId: member.memberId, since: request.settings.plans.monthStart(of: request.time))
        }
        return subject
    }

    func decide(_ subject: CheckInSubject) -> CheckInChange {
        Admission.decide(subject, request)
    }

    /// The change written, and the report of it: who is inside after it, the plan after it.
    func write(_ change: CheckInChange, _ subject: CheckInSubject, in store: StoreTransaction) throws -> CheckInReport {
        try store.write(change, terminalId: request.desk.id, at: request.time)
        let after = try change.outcome.member.flatMap { try store.presence(memberId: $0.memberId) }
        // The plan as the rules saw it, less the visit this tap used (no second read).
        var planAfter = subject.plan
        if change.usesPackVisit { planAfter?.visitsLeft? -= 1 }
        var report = CheckInReport(request, change, inside: change.outcome.member.map { _ in after?.inside == true },
                                   insideCount: try store.insideCount(), plan: planAfter)
        if case .unknownPass = change.outcome { report.nearPassHolders = subject.nearPassHolders }
        return report
    }
}

extension StoreTransaction {
    /// What `Admission` is shown of a tap: the pass's live member (nil if none), its latest entry
    /// or exit, how many are inside, its plan, and a SUN tag's last accepted counter.
    func checkInSubject(passId: String, secure: SecureTap?, walletReplayed: Bool) throws -> CheckInSubject {
        var member = try liveMember(passIdAnyCase: passId)
        // No card of that text: a Wallet pass's credential, whose current one stands for its member.
        let credential = member == nil ? try passCredentialStanding(passId) : nil
        if case .current(let memberId)? = credential { member = try self.member(memberId: memberId).flatMap { $0.isDeleted ? nil : $0 } }
        let presence = try member.flatMap { try self.presence(memberId: $0.memberId) }
        let latestExit = try presence.flatMap { $0.inside ? nil : try exitKind(eventId: $0.eventId) }
        // Open members (most) cost no read more.
        let plan = try member.flatMap { $0.plan == .open ? nil : try planStanding($0) }
        let isStaffCard = try liveStaffAccount(card: passId) != nil
        let near = member == nil && !isStaffCard ? try nearPassHolders(passId) : []
        var subject = CheckInSubject(member: member, isStaffCard: isStaffCard, presence: presence,
                                     latestExit: latestExit, insideCount: try insideCount(), plan: plan,
                                     lastSecureCounter: try secure.flatMap { try lastSecureCounter(uid: $0.uid) },
                                     walletReplayed: walletReplayed, nearPassHolders: near)
        subject.passCredential = credential
        return subject
    }

    /// Writes what a tap's decision says, at the tap's `time`: nothing else.
    func write(_ change: CheckInChange, terminalId: String, at time: Double) throws {
        if let secure = change.secureRead { try recordSecureRead(secure, terminalId: terminalId) }
        switch change.write {
        case .nothing:
            break
        case .visit(let memberId, let entry, let packOf):
            try countVisit(memberId: memberId, terminalId: terminalId, at: time)
            // The entry is the visit's row in the trail (`visitTime`: see `AppDatabase+Visits`).
            try recordEvent(entry, visitTime: time)
            if let packOf { try usePackVisit(memberId: packOf, terminalId: terminalId) }
        case .enrol(let member, let entry):
            try insertMember(member)
            try countVisit(memberId: member.memberId, terminalId: terminalId, at: time)
            try recordEvent(entry, visitTime: time)
        case .exit(let exit):
            try recordEvent(exit)
        }
        if let audit = change.audit { try appendAudit(audit) }
    }

    /// The live member holding this pass, else the one holding it in another letter case: `carl-9`
    /// typed at the desk is `CARL-9`, and a card UID another system stored in lowercase is the same
    /// card (without this, each would enrol a second member). Only an unambiguous match counts.
    func liveMember(passIdAnyCase passId: String) throws -> MemberRecord? {
        if let member = try liveMember(passId: passId) { return member }
        let matches = try liveMembers(passIdIgnoringCase: passId, limit: 2)
        return matches.count == 1 ? matches[0] : nil
    }

    /// This terminal's counter and the member's totals (`MemberRecord.counted(at:)` is the same in memory).
    func countVisit(memberId: String, terminalId: String, at time: Double) throws {
        // Cached statements: this runs on every tap.
        try db.cachedStatement(sql: """
            UPDATE member SET numVisits = numVisits + 1, timeStampOfLastVisit = max(timeStampOfLastVisit, ?)
            WHERE memberId = ?
            """).execute(arguments: [time, memberId])
        try db.cachedStatement(sql: """
            INSERT INTO visit_counter(memberId, terminalId, count) VALUES (?, ?, 1)
            ON CONFLICT(memberId, terminalId) DO UPDATE SET count = count + 1
            """).execute(arguments: [memberId, terminalId])
    }
}
