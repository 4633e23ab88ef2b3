import Foundation
import GRDB
@_spi(Decisions) import MemberCore

/// Member edits by hand, each a `StoreOperation` (`AppDatabase.run`, in one transaction): the
/// store reads the facts, the decision in MemberCore (`MemberAddition`, `MemberUpdate`,
/// `MemberDeletion`, `MemberPurge`) says what to write, and the store writes that `MemberChange`
/// and nothing else; `Club` publishes the returned events after the commit. None catches
/// closing time up: an edit leaves who is inside alone.
struct MemberAdditionOperation: StoreEdit {
    /// Made by `MemberAddition.candidate` at the stamp's time, with its plan.
    var member: MemberRecord
    var plan: PlanChanges
    var stamp: EditStamp
    var time: Double { stamp.time }
    typealias Facts = (passIsStaffCard: Bool, passHolder: MemberRecord?, plan: MemberPlanFacts)

    func facts(in store: StoreTransaction) throws -> Facts {
        (try store.liveStaffAccount(card: member.passId) != nil, try store.liveMember(passIdAnyCase: member.passId),
         try store.memberPlanFacts(member, readsPack: plan.changesPack))
    }

    func decide(_ facts: Facts) throws -> MemberChange {
        try MemberAddition.decide(member, plan: plan, passIsStaffCard: facts.passIsStaffCard, passHolder: facts.passHolder,
                                  facts: facts.plan, by: stamp.actor, at: stamp.desk, ids: stamp.ids)
    }

    func write(_ change: MemberChange, _ facts: Facts, in store: StoreTransaction) throws -> [MemberChange.Event] {
        try store.write(change, terminalId: stamp.desk.id)
    }
}

struct MemberUpdateOperation: StoreEdit {
    var request: MemberUpdate.Request
    var time: Double { request.time }
    /// The stored member and, as `MemberUpdate.edited` leaves it (its refusal kept for `decide`),
    /// the edited one with the facts its plan needs and another live holder of its pass.
    typealias Facts = (stored: MemberRecord?, edited: Result<MemberRecord, any Error>, holder: MemberRecord?, plan: MemberPlanFacts)

    func facts(in store: StoreTransaction) throws -> Facts {
        let stored = try store.member(memberId: request.memberId)
        let isStaffCard = try request.passId.map { try store.liveStaffAccount(card: $0) != nil } ?? false
        let edited = Result { try MemberUpdate.edited(stored, request, passIsStaffCard: isStaffCard) }
        guard case .success(let member) = edited else { return (stored, edited, nil, MemberPlanFacts()) }
        let holder = try store.liveMember(passIdAnyCase: member.passId).flatMap { $0.memberId == member.memberId ? nil : $0 }
        return (stored, edited, holder, try store.memberPlanFacts(member, readsPack: request.changes.plan.changesPack))
    }

    func decide(_ facts: Facts) throws -> MemberChange {
        let edited = try facts.edited.get()
        // `edited` succeeded, so there is a stored member.
        return try MemberUpdate.decide(before: facts.stored ?? edited, after: edited, request, passHolder: facts.holder,
                                       facts: facts.plan)
    }

    func write(_ change: MemberChange, _ facts: Facts, in store: StoreTransaction) throws -> [MemberChange.Event] {
        try store.write(change, terminalId: request.desk.id)
    }
}

struct MemberDeletionOperation: StoreEdit {
    var memberId: String
    var stamp: EditStamp
    var calendar: Calendar
    var time: Double { stamp.time }
    /// The stored member and the members of its household, if it heads one.
    typealias Facts = (stored: MemberRecord?, household: [MemberRecord])

    func facts(in store: StoreTransaction) throws -> Facts {
        let stored = try store.member(memberId: memberId)
        return (stored, try stored.map { try store.householdMembers(of: $0.memberId) } ?? [])
    }

    func decide(_ facts: Facts) throws -> MemberChange {
        try MemberDeletion.decide(facts.stored, memberId: memberId, household: facts.household, at: time,
                                  desk: stamp.desk, by: stamp.actor, ids: stamp.ids, calendar: calendar)
    }

    func write(_ change: MemberChange, _ facts: Facts, in store: StoreTransaction) throws -> [MemberChange.Event] {
        try store.write(change, terminalId: stamp.desk.id)
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
