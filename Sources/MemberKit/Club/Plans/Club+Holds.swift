import Foundation
@_spi(Decisions) import MemberCore

extension Club {
    /// Puts a member on hold from `from` through `until` (the club's days, both included): it is
    /// refused as `frozen` on those days, and with `plans.freeze_extends_expiry` its expiry moves
    /// out by the days held. `headOnly` leaves a head's household coming in.
    @discardableResult
    public func freezeMember(id: String, from: CalendarDay, until: CalendarDay, reason: String? = nil, headOnly: Bool = false,
                             by actor: AuditActor = .anonymous(.manual)) throws -> MemberRecord {
        let request = MemberFreeze.Request(memberId: id, from: from, until: until, reason: reason, headOnly: headOnly)
        return try perform(MemberFreezeOperation(kind: .freeze(request), context: freezeContext(by: actor)))[0].member
    }

    /// Ends a member's hold early: the one holding today ends yesterday (it goes if it began
    /// today); else the next one (or the one starting `starting`) is cancelled.
    @discardableResult
    public func unfreezeMember(id: String, starting: CalendarDay? = nil, by actor: AuditActor = .anonymous(.manual)) throws -> MemberRecord {
        try perform(MemberFreezeOperation(kind: .unfreeze(memberId: id, starting: starting), context: freezeContext(by: actor)))[0].member
    }

    private func freezeContext(by actor: AuditActor) -> MemberFreeze.Context {
        let stamp = editStamp(by: actor)
        return MemberFreeze.Context(time: stamp.time, desk: stamp.desk, actor: stamp.actor, ids: stamp.ids, plans: settings.plans)
    }
}

extension Club {
    /// The report's holds: those touching the period, and the members frozen on `now`'s day.
    public func holdFigures(period: ReportPeriod, now: Date) throws -> HoldFigures {
        HoldFigures(try database.membersWithHolds(), period: period, today: settings.plans.day(of: now.timeIntervalSince1970))
    }
}
