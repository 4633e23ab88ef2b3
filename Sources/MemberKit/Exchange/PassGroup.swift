import Foundation

/// The members holding one pass (its case aside: `CARDX` and `cardx` are one pass, as a tap
/// finds them), and which of them are one person. Two holders of a card whose
/// holdings overlap (neither was deleted before the other got the card: when it was added, or
/// when an edit gave it the card) are the same member, and a member unified into another lives
/// no longer than it: each overlapping group keeps its longest holder (then the lowest
/// memberId), and the others become tombstones pointing at it. This is recomputed from the members' own
/// data after every change, never decided once, so the outcome does not depend on import order.
struct PassGroup {
    struct Entry {
        var record: MemberRecord  // with its real deletedAt
        var alias: String?
        var exists: Bool
        /// The stored row as it is (its deletedAt is the effective one), for change detection.
        var stored: MemberRecord?
    }

    /// Recomputes the group of `passId`, writing `pending` (a member's merged state, with its real
    /// deletedAt) with it. Returns the memberIds that this call unified into another.
    static func settle(_ store: StoreTransaction, passId: String, pending: Entry?) throws -> [String] {
        var entries: [Entry] = []
        for (stored, alias) in try store.passHolders(passId: passId) {
            guard PassIdNormalizer.samePass(stored.passId, passId), stored.memberId != pending?.record.memberId else { continue }
            var real = stored
            if let alias { real.deletedAt = alias.ownDeletedAt }
            entries.append(Entry(record: real, alias: alias?.survivorId, exists: true, stored: stored))
        }
        if let pending { entries.append(pending) }
        guard !entries.isEmpty else { return [] }

        // Connected groups of overlapping lifetimes [added, deleted).
        let order = entries.indices.sorted {
            let (a, b) = (entries[$0].record, entries[$1].record)
            return (a.passHeldSince, a.memberId) < (b.passHeldSince, b.memberId)
        }
        var survivorOf = [String?](repeating: nil, count: entries.count)
        var survivor = order[0]
        var groupEnd = -Double.infinity
        for index in order {
            let record = entries[index].record
            if record.passHeldSince >= groupEnd { survivor = index }  // starts a new group
            if index != survivor { survivorOf[index] = entries[survivor].record.memberId }
            // A member unified into the survivor is that person: its lifetime ends when the
            // person is deleted, so a later enrolment of the card is someone new on every terminal
            // (found by the property checks: one terminal extended the group, another did not).
            let survivorEnd = entries[survivor].record.deletedAt ?? .infinity
            groupEnd = max(groupEnd, min(record.deletedAt ?? .infinity, survivorEnd))
        }

        var unified: [String] = []
        // A survivor that loses a member (it moved to another card) counts that member's visits no more.
        let formerSurvivors = Set(entries.indices.compactMap { index in
            entries[index].alias.flatMap { $0 != survivorOf[index] ? $0 : nil }
        })
        // Aliases first (totals depend on them), then tombstones, then live rows, so that the
        // one-live-member-per-pass index holds after every statement.
        for index in entries.indices where entries[index].alias != survivorOf[index] {
            let memberId = entries[index].record.memberId
            if let target = survivorOf[index] {
                try store.setAlias(memberId: memberId, survivorId: target, ownDeletedAt: entries[index].record.deletedAt)
                if entries[index].alias == nil { unified.append(memberId) }
            } else {
                try store.removeAlias(memberId: memberId)
            }
        }
        for index in entries.indices where survivorOf[index] != nil {
            // Keep the real deletion time in the alias row even when the pointer did not move.
            try store.setAliasOwnDeletedAt(memberId: entries[index].record.memberId, entries[index].record.deletedAt)
        }
        var targets: [(Int, MemberRecord)] = []
        for index in entries.indices {
            var target = entries[index].record
            if survivorOf[index] != nil {
                target.deletedAt = target.deletedAt ?? target.modifiedAt
                target.numVisits = try store.ownVisitCount(target.memberId)
            } else {
                target.numVisits = try store.unifiedVisitCount(target.memberId)
            }
            targets.append((index, target))
        }
        for (index, target) in targets.sorted(by: { ($0.1.deletedAt == nil ? 1 : 0) < ($1.1.deletedAt == nil ? 1 : 0) }) {
            let entry = entries[index]
            if !entry.exists {
                try store.insert(target)
            } else if entry.stored.map({ !MergeRules.same($0, target) }) ?? true {
                try store.update(target)
            }
        }
        let inGroup = Set(entries.map(\.record.memberId))
        for survivor in formerSurvivors.subtracting(inGroup) {
            try store.setVisitTotal(survivor, store.unifiedVisitCount(survivor))
        }
        return unified
    }
}
