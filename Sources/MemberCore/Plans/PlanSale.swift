import Foundation

/// Selling a catalogue product to a member, pure, in two steps inside the sale's transaction (as
/// `MemberUpdate`): `sold` gives the member as the sale leaves it, `decide` what to write: the
/// member, its pack's top-up, the edit lines and the sale's own line (`AuditAction.sale`).
@_spi(Decisions) public enum PlanSale {
    package struct Request: Sendable {
        package var memberId: String
        package var product: PlanProduct
        /// `plans.currency` when it is sold: the sale's line keeps it.
        package var currency: String
        package var time: Double
        package var desk: TerminalIdentity
        package var actor: AuditActor
        package var ids: IdSource
        /// The club's closing time and calendar: a day pass ends at closing; days are the club's.
        package var occupancy: OccupancySettings

        package init(memberId: String, product: PlanProduct, currency: String, time: Double, desk: TerminalIdentity,
                     actor: AuditActor, ids: IdSource, occupancy: OccupancySettings) {
            self.memberId = memberId
            self.product = product
            self.currency = currency
            self.time = time
            self.desk = desk
            self.actor = actor
            self.ids = ids
            self.occupancy = occupancy
        }

        /// The plan part of the sale: a pack's plan and visits, else the open plan (a day pass is
        /// an open membership until closing).
        package var planChanges: PlanChanges {
            product.kind == .pack ? PlanChanges(plan: .pack, addVisits: product.visits ?? 0) : PlanChanges(plan: .open)
        }
    }

    /// The member with the product applied and stamped. Throws when there is no live member, or
    /// when a day pass is sold after closing. A day pass sold to an open member whose membership
    /// lasts longer leaves its expiry as it is.
    package static func sold(_ stored: MemberRecord?, _ request: Request) throws -> MemberRecord {
        guard var member = stored, !member.isDeleted else { throw DeskError.notFound("no member \(request.memberId)") }
        let before = member
        member = try request.planChanges.applied(to: member)
        let expiry = try PlanTerm.expiry(of: request.product, current: member.expiresAt, at: request.time,
                                         occupancy: request.occupancy)
        // A day pass never cuts short an open membership that runs on past it. One with no expiry
        // is a member added with nothing set up (a card enrolled at the desk): the pass is its term.
        let keptOpen = request.product.kind == .day && before.plan == .open && (before.expiresAt ?? 0) > (expiry ?? 0)
        member.expiresAt = keptOpen ? before.expiresAt : expiry
        member.product = request.product.name
        member.stamp(changedFrom: before, at: request.time, by: request.desk.id)
        return member
    }

    /// A walk-in added with the product (`members add --plan day`): the plan part and expiry the
    /// new member is made with (`expiresAt`: the one asked for, as the current expiry), before
    /// the addition runs; the sale's line joins the addition's (`saleEntry`).
    package static func walkIn(_ request: Request, plan: PlanChanges, expiresAt: Double?) throws -> (plan: PlanChanges, expiresAt: Double?) {
        var changes = request.planChanges
        changes.birthday = plan.birthday
        return (changes, try PlanTerm.expiry(of: request.product, current: expiresAt, at: request.time, occupancy: request.occupancy))
    }

    /// What the sale writes, `before` to `after` (as `sold` made it); `facts` as for a plan edit
    /// (the pack's balance read for a pack).
    package static func decide(before: MemberRecord, after: MemberRecord, _ request: Request, facts: MemberPlanFacts) throws -> MemberChange {
        let planned = try PlanEdit.decide(request.planChanges, for: after, facts: facts, by: request.actor, at: request.desk,
                                           ids: request.ids)
        let edits = MemberEdit.entries(before: before, after: after, calendar: request.occupancy.calendar).map {
            AuditEntry.made($0.action, by: request.actor, at: request.desk, memberId: after.memberId, detail: $0.detail,
                            time: request.time, ids: request.ids)
        }
        return MemberChange(writes: [.update(after)], pack: planned.pack,
                            audit: [saleEntry(request)] + [planned.audit].compactMap { $0 } + edits, events: [.updated(after)])
    }

    /// The sale's line. It names the member in its detail rather than as the line's member, so
    /// that erasing the member (`members purge`, which empties its lines' details) leaves the
    /// club's sales figures as they were.
    package static func saleEntry(_ request: Request) -> AuditEntry {
        AuditEntry.made(.sale, by: request.actor, at: request.desk, detail: SaleRecord.detail(
            plan: request.product.name, kind: request.product.kind, price: request.product.price, currency: request.currency,
            memberId: request.memberId), time: request.time, ids: request.ids)
    }
}
