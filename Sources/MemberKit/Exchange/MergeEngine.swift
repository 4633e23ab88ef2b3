import Foundation
import GRDB

/// What an import does or would do: counts, and the first changes in detail.
public struct MergeCounts: Sendable, Equatable, Codable {
    public var new = 0, updated = 0, unchanged = 0, unified = 0, deleted = 0
    public init() {}
}

public struct MergeChange: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable { case new, updated, deleted, unified }
    public var kind: Kind
    public var memberId: String
    public var name: String
    /// What changed, for people: "visits 3 → 5; username", or "into <memberId>" for a unification.
    public var detail: String
}

/// Merges members one at a time into the store, inside the caller's transaction. Used by the
/// planner (then rolled back) and the applier (then committed), so the preview is exactly what
/// applying does.
struct MergeEngine {
    let db: Database
    let changeLimit: Int
    private(set) var counts = MergeCounts()
    private(set) var changes: [MergeChange] = []
    private(set) var changesTruncated = false

    init(db: Database, changeLimit: Int) {
        self.db = db
        self.changeLimit = changeLimit
    }

    private mutating func note(_ kind: MergeChange.Kind, _ record: MemberRecord, _ detail: String) {
        guard changes.count < changeLimit else {
            changesTruncated = true
            return
        }
        changes.append(MergeChange(kind: kind, memberId: record.memberId, name: record.displayName, detail: detail))
    }

    mutating func merge(_ incoming: ExchangeMember) throws {
        let memberId = incoming.record.memberId
        let local = try SyncRows.member(db, memberId: memberId)
        let localCounters = try SyncRows.counters(db, memberId: memberId)
        let localAlias = try SyncRows.alias(db, memberId: memberId)

        // Counters: a G-counter, merged by max per terminal.
        var raisedCounters: [String: Int] = [:]
        for (terminal, count) in incoming.counters where count > localCounters[terminal] ?? 0 {
            raisedCounters[terminal] = count
        }

        // Alias: grow-only; a pointer always resolves to the current survivor.
        var alias = localAlias
        if let target = incoming.unifiedInto, target != memberId {
            let resolved = try resolve(target)
            if resolved != memberId { alias = alias.map { min($0, resolved) } ?? resolved }
        }

        var merged = local.map { MergeRules.merge($0, incoming.record) } ?? incoming.record
        if alias != nil { merged = MergeRules.unifiedTombstone(merged) }

        // Two live members with one pass: unify them.
        var unifiedAway: String?
        if merged.deletedAt == nil, local == nil || local?.deletedAt != nil || local?.passId != merged.passId,
           let holder = try liveHolder(passId: merged.passId, other: memberId) {
            let survivor = MergeRules.survivor((memberId, merged.timeStampAdded), (holder.memberId, holder.timeStampAdded))
            if survivor == holder.memberId {
                alias = holder.memberId
                merged = MergeRules.unifiedTombstone(merged)
                try repoint(from: memberId, to: holder.memberId)
                unifiedAway = memberId
            } else {
                try setAlias(holder.memberId, to: memberId)
                try repoint(from: holder.memberId, to: memberId)
                try db.execute(sql: """
                    UPDATE member SET deletedAt = coalesce(deletedAt, modifiedAt),
                        numVisits = (SELECT coalesce(sum(count), 0) FROM visit_counter WHERE memberId = ?1)
                    WHERE memberId = ?1
                    """, arguments: [holder.memberId])
                unifiedAway = holder.memberId
            }
        }

        if alias != localAlias, let alias { try setAlias(memberId, to: alias) }
        for (terminal, count) in raisedCounters {
            try db.cachedStatement(sql: """
                INSERT INTO visit_counter(memberId, terminalId, count) VALUES (?, ?, ?)
                ON CONFLICT(memberId, terminalId) DO UPDATE SET count = max(count, excluded.count)
                """).execute(arguments: [memberId, terminal, count])
        }

        // numVisits: the live member's class sum (its own counters and those unified into it);
        // a tombstone keeps its own sum. Unchanged counters leave the stored total as it is.
        let countersChanged = !raisedCounters.isEmpty || alias != localAlias || unifiedAway != nil
        if let local, !countersChanged, local.deletedAt == nil, merged.deletedAt == nil {
            merged.numVisits = local.numVisits
        } else if merged.deletedAt == nil {
            merged.numVisits = try classSum(memberId)
        } else {
            merged.numVisits = try ownSum(memberId)
        }

        if let local {
            if !MergeRules.same(local, merged) { try SyncRows.update(db, merged) }
        } else {
            try SyncRows.insert(db, merged)
        }
        if let alias, countersChanged { try refreshTotal(of: alias) }

        classify(local: local, merged: merged, countersChanged: countersChanged, unifiedAway: unifiedAway, alias: alias)
    }

    private mutating func classify(local: MemberRecord?, merged: MemberRecord, countersChanged: Bool,
                                   unifiedAway: String?, alias: String?) {
        if let unifiedAway {
            counts.unified += 1
            note(.unified, merged, unifiedAway == merged.memberId ? "into \(alias ?? "")" : "absorbs \(unifiedAway)")
            return
        }
        guard let local else {
            if merged.deletedAt == nil {
                counts.new += 1
                note(.new, merged, "\(merged.numVisits) visits")
            } else {
                counts.unchanged += 1  // a tombstone for a member this terminal never had: recorded, nothing to see
            }
            return
        }
        if local.deletedAt == nil, merged.deletedAt != nil {
            counts.deleted += 1
            note(.deleted, merged, alias.map { "unified into \($0)" } ?? "deleted on \(merged.modifiedBy)")
            return
        }
        if MergeRules.same(local, merged) && !countersChanged {
            counts.unchanged += 1
            return
        }
        counts.updated += 1
        note(.updated, merged, Self.describe(local, merged))
    }

    static func describe(_ a: MemberRecord, _ b: MemberRecord) -> String {
        var parts: [String] = []
        if a.numVisits != b.numVisits { parts.append("visits \(a.numVisits) → \(b.numVisits)") }
        if a.username != b.username { parts.append("name") }
        if a.passId != b.passId { parts.append("pass") }
        if a.status != b.status { parts.append("status \(b.status.rawValue)") }
        if a.expiresAt != b.expiresAt { parts.append("expiry") }
        if a.note != b.note { parts.append("note") }
        if MergeRules.nonNull(a.fields) != MergeRules.nonNull(b.fields) { parts.append("fields") }
        if a.deletedAt != nil, b.deletedAt == nil { parts.append("restored") }
        if a.timeStampOfLastVisit != b.timeStampOfLastVisit { parts.append("last visit") }
        return parts.isEmpty ? "visit counters" : parts.joined(separator: "; ")
    }

    // MARK: Store helpers

    private func liveHolder(passId: String, other memberId: String) throws -> (memberId: String, timeStampAdded: Double)? {
        let statement = try db.cachedStatement(sql: """
            SELECT memberId, timeStampAdded FROM member WHERE passId = ? AND deletedAt IS NULL AND memberId != ?
            """)
        return try Row.fetchOne(statement, arguments: [passId, memberId]).map { ($0[0], $0[1]) }
    }

    /// Follows alias pointers to the member that survives (bounded, in case of a cycle from a bad file).
    private func resolve(_ memberId: String) throws -> String {
        var current = memberId
        for _ in 0..<16 {
            guard let next = try SyncRows.alias(db, memberId: current), next != current else { return current }
            current = next
        }
        return current
    }

    private func setAlias(_ memberId: String, to survivor: String) throws {
        try db.cachedStatement(sql: "INSERT OR REPLACE INTO member_alias(memberId, survivorId) VALUES (?, ?)")
            .execute(arguments: [memberId, survivor])
    }

    private func repoint(from old: String, to survivor: String) throws {
        try db.cachedStatement(sql: "UPDATE member_alias SET survivorId = ? WHERE survivorId = ?").execute(arguments: [survivor, old])
    }

    private func ownSum(_ memberId: String) throws -> Int {
        try Int.fetchOne(db.cachedStatement(sql: "SELECT coalesce(sum(count), 0) FROM visit_counter WHERE memberId = ?"),
                         arguments: [memberId]) ?? 0
    }

    private func classSum(_ memberId: String) throws -> Int {
        try Int.fetchOne(db.cachedStatement(sql: """
            SELECT coalesce(sum(count), 0) FROM visit_counter
            WHERE memberId = ?1 OR memberId IN (SELECT memberId FROM member_alias WHERE survivorId = ?1)
            """), arguments: [memberId]) ?? 0
    }

    /// Recomputes a live survivor's numVisits after a member unified into it gained visits.
    private func refreshTotal(of survivor: String) throws {
        try db.cachedStatement(sql: "UPDATE member SET numVisits = ? WHERE memberId = ? AND deletedAt IS NULL")
            .execute(arguments: [try classSum(survivor), survivor])
    }
}
