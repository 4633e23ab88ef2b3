import Foundation

/// Putting a member on hold (a freeze), or ending a hold early: pure. Each freeze is a hold record
/// of its own (`MemberHold`), and an early end only shortens records, so freezes made at two desks
/// both stand; with `plans.freeze_extends_expiry` the expiry moves out by the days a freeze adds,
/// and back by the days an early end gives back (`HoldExtension`).
@_spi(Decisions) public enum MemberFreeze {
    package struct Request: Sendable {
        package var memberId: String
        package var from: CalendarDay
        package var until: CalendarDay
        package var reason: String?
        package var headOnly: Bool

        package init(memberId: String, from: CalendarDay, until: CalendarDay, reason: String? = nil, headOnly: Bool = false) {
            self.memberId = memberId
            self.from = from
            self.until = until
            self.reason = reason
            self.headOnly = headOnly
        }
    }

    /// What a hold operation is told besides its request: the time and who, and the club's days.
    package struct Context: Sendable {
        package var time: Double
        package var desk: TerminalIdentity
        package var actor: AuditActor
        package var ids: IdSource
        package var plans: PlanSettings

        package init(time: Double, desk: TerminalIdentity, actor: AuditActor, ids: IdSource, plans: PlanSettings) {
            self.time = time
            self.desk = desk
            self.actor = actor
            self.ids = ids
            self.plans = plans
        }

        var today: CalendarDay { plans.day(of: time) }

        /// The stamp the member's new version gets (`VersionStamp`): a hold is made at it.
        func versionTime(after member: MemberRecord) -> Double { VersionStamp.next(after: member.modifiedAt, at: time) }
    }

    /// A new hold. Refused: no live member, a hold that ends before it starts, one that starts
    /// before today (a hold in the past would take back days already open), one longer than a year.
    package static func freeze(_ stored: MemberRecord?, _ request: Request, _ context: Context) throws -> MemberChange {
        guard let member = stored, !member.isDeleted else { throw DeskError.notFound("no member \(request.memberId)") }
        guard request.from <= request.until else {
            throw DeskError.invalidInput("a freeze ends before it starts: --from \(request.from), --until \(request.until)")
        }
        guard request.from >= context.today else {
            throw DeskError.invalidInput("a freeze starts today or later, not \(request.from) (today is \(context.today))")
        }
        guard request.until.dayNumber - request.from.dayNumber < 366 else {
            throw DeskError.invalidInput("a freeze lasts at most a year: \(request.from) to \(request.until) is longer")
        }
        if let reason = request.reason { try MemberFieldRules.validateHoldReason(reason) }
        guard member.holdRecords.count < MemberFieldRules.holdLimit else {
            throw DeskError.invalidInput("\(member.displayName) has \(member.holdRecords.count) freezes already; at most \(MemberFieldRules.holdLimit)")
        }
        let hold = MemberHold(id: context.ids.make(), from: request.from, until: request.until, reason: request.reason,
                              headOnly: request.headOnly, madeAt: context.versionTime(after: member),
                              extendsExpiry: context.plans.freezeExtendsExpiry)
        var detail = ["from": request.from.description, "until": request.until.description]
        if let reason = request.reason { detail["reason"] = reason }
        if request.headOnly { detail["headOnly"] = "yes" }
        return changed(member, holds: member.holdRecords + [hold], action: .freeze, detail: detail, context)
    }

    /// Ends a hold early: the one that holds today ends yesterday (or goes, if it began today);
    /// else the next one to come (or, with `starting`, the one that starts that day) goes. The
    /// hold as the member sees it may be several records (overlapping freezes): each is ended.
    package static func unfreeze(_ stored: MemberRecord?, memberId: String, starting: CalendarDay?, _ context: Context) throws -> MemberChange {
        guard let member = stored, !member.isDeleted else { throw DeskError.notFound("no member \(memberId)") }
        let today = context.today
        let holds = member.holds
        let found: MemberHold?
        if let starting {
            found = holds.first { $0.from == starting && $0.until >= today }
            guard found != nil else { throw DeskError.notFound("\(member.displayName) has no freeze from \(starting) to end") }
        } else {
            found = holds.first { $0.holds(today) } ?? holds.first { $0.from > today }
        }
        guard let hold = found else { throw DeskError.notFound("\(member.displayName) has no freeze now or to come") }
        let end = today.adding(days: -1)
        let records = member.holdRecords.map { record in
            record.isLive && record.headOnly == hold.headOnly && hold.from <= record.from && record.until <= hold.until
                ? record.ending(by: end) : record
        }
        let detail = ["from": hold.from.description, "until": hold.until.description,
                      "ended": hold.from >= today ? "cancelled" : end.description]
        return changed(member, holds: records, action: .unfreeze, detail: detail, context)
    }

    /// The member with its new hold records (and the expiry they move), stamped, and its audit line.
    private static func changed(_ member: MemberRecord, holds: [MemberHold], action: AuditAction, detail: [String: String],
                                _ context: Context) -> MemberChange {
        var after = member
        after.holdRecords = holds
        after.stamp(changedFrom: member, at: context.time, by: context.desk.id)
        after.settleExpiry(calendar: context.plans.calendar)
        var detail = detail
        if after.expiresAt != member.expiresAt {
            detail["expires"] = MemberFieldRules.expiryText(after.expiresAt, calendar: context.plans.calendar)
        }
        let entry = AuditEntry.made(action, by: context.actor, at: context.desk, memberId: member.memberId, detail: detail,
                                    time: context.time, ids: context.ids)
        return MemberChange(writes: [.update(after)], audit: [entry], events: [.updated(after)])
    }
}
