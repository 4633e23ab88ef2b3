import Foundation
import GRDB
@_spi(Decisions) import MemberCore

/// Member edits by hand: each one transaction. The store reads the facts, the decision in
/// MemberCore (`MemberAddition`, `MemberUpdate`, `MemberDeletion`) says what to write, and the
/// store writes that `MemberChange` and nothing else. `Club` publishes the returned events.
extension AppDatabase {
    /// Adds `member` (made by `MemberAddition.candidate`) with its plan's pack. Returns what the bus is to be told.
    func addMember(_ member: MemberRecord, plan: PlanChanges, desk: TerminalIdentity, by actor: AuditActor,
                   ids: IdSource) throws -> [MemberChange.Event] {
        try write { store in
            let change = try MemberAddition.decide(member, plan: plan, passIsStaffCard: try store.liveStaffAccount(card: member.passId) != nil,
                                                   passHolder: try store.liveMember(passIdAnyCase: member.passId),
                                                   facts: try store.memberPlanFacts(member, readsPack: plan.changesPack),
                                                   by: actor, at: desk, ids: ids)
            return try store.write(change, terminalId: desk.id)
        }
    }

    func updateMember(_ request: MemberUpdate.Request) throws -> [MemberChange.Event] {
        try write { store in
            let stored = try store.member(memberId: request.memberId)
            let isStaffCard = try request.passId.map { try store.liveStaffAccount(card: $0) != nil } ?? false
            let edited = try MemberUpdate.edited(stored, request, passIsStaffCard: isStaffCard)
            // `edited` succeeded, so there is a stored member; its plan's facts are read as the edit leaves it.
            let facts = try store.memberPlanFacts(edited, readsPack: request.changes.plan.changesPack)
            let holder = try store.liveMember(passIdAnyCase: edited.passId).flatMap { $0.memberId == edited.memberId ? nil : $0 }
            let change = try MemberUpdate.decide(before: stored ?? edited, after: edited, request, passHolder: holder, facts: facts)
            return try store.write(change, terminalId: request.desk.id)
        }
    }

    func deleteMember(id: String, at time: Double, desk: TerminalIdentity, by actor: AuditActor,
                      ids: IdSource, calendar: Calendar) throws -> [MemberChange.Event] {
        try write { store in
            let stored = try store.member(memberId: id)
            let household = try stored.map { try store.householdMembers(of: $0.memberId) } ?? []
            let change = try MemberDeletion.decide(stored, memberId: id, household: household, at: time, desk: desk, by: actor,
                                                   ids: ids, calendar: calendar)
            return try store.write(change, terminalId: desk.id)
        }
    }
}

extension StoreTransaction {
    /// What `PlanEdit` is shown of a member about to be stored: the head it points at and whether
    /// others point at it (only for the household plan), and its pack's balance (only when asked).
    func memberPlanFacts(_ member: MemberRecord, readsPack: Bool) throws -> MemberPlanFacts {
        var facts = MemberPlanFacts()
        if member.plan == .household {
            facts.head = try member.household.flatMap { try self.member(memberId: $0) }.flatMap { $0.isDeleted ? nil : $0 }
            facts.hasHouseholdMembers = try Bool.fetchOne(db.cachedStatement(sql: """
                SELECT EXISTS (SELECT 1 FROM member WHERE household = ? AND plan = 'household' AND deletedAt IS NULL AND memberId <> ?)
                """), arguments: [member.memberId, member.memberId]) ?? false
        }
        if readsPack { facts.packBalance = try packBalance(memberId: member.memberId) }
        return facts
    }

    /// Writes what a member decision says, in its order: the members, this desk's pack counters,
    /// the record's lines, then the pass groups to settle. Returns the events with their members
    /// as committed (a settled group may have changed their totals).
    func write(_ change: MemberChange, terminalId: String) throws -> [MemberChange.Event] {
        for write in change.writes {
            switch write {
            case .insert(let member): try insertMember(member)
            case .update(let member): try updateMember(member)
            }
        }
        if let pack = change.pack { try addToPack(memberId: pack.memberId, terminalId: terminalId, added: pack.added, used: pack.used) }
        for entry in change.audit { try appendAudit(entry) }
        guard !change.settledPasses.isEmpty else { return change.events }
        for passId in change.settledPasses { _ = try PassGroup.settle(self, passId: passId, pending: nil) }
        return try change.events.map { event in
            let member = try self.member(memberId: event.member.memberId) ?? event.member
            switch event {
            case .created: return .created(member)
            case .updated: return .updated(member)
            case .deleted: return .deleted(member)
            }
        }
    }
}
