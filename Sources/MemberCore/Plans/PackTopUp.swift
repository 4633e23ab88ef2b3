/// A plan edit's pack part: from the balance the store read to the one the edit asks for, as
/// what this desk adds to and uses of the pack (its two grow-only counters) and the audit's
/// before and after.
package struct PackTopUp: Sendable, Equatable {
    package var before: Int
    /// The balance's change: positive is added, negative used.
    package var change: Int

    package var after: Int { before + change }
    package var added: Int { max(0, change) }
    package var used: Int { max(0, -change) }

    /// `visits` sets the balance, else `addVisits` adds to it (ask `plan.changesPack` first).
    package init(_ plan: PlanChanges, balance: Int) {
        before = balance
        change = plan.visits.map { $0 - balance } ?? plan.addVisits ?? 0
    }

    /// The audit line's detail: the pack's balance before and after.
    package var auditDetail: [String: String] {
        ["field": "pack", "before": String(before), "after": String(after)]
    }
}

extension PlanChanges {
    /// The edit sets or tops up the pack (the store reads the balance only then).
    package var changesPack: Bool { visits != nil || addVisits != nil }
}
