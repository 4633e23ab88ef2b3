import Foundation

/// Merges members one at a time into the store, inside the caller's transaction. Used by the
/// planner (then rolled back) and the applier (then committed), so the preview is exactly what
/// applying does.
struct MergeEngine {
    let store: StoreTransaction
    let changeLimit: Int
    /// This terminal and the import's time, which sign edits made to an exported file.
    let editor: (terminalId: String, time: Double)
    /// The club's days, in which holds move an expiry out (`settleExpiry`).
    let calendar: Calendar
    private(set) var counts = MergeCounts()
    private(set) var changes: [MergeChange] = []
    private(set) var changesTruncated = false

    init(store: StoreTransaction, changeLimit: Int, editor: (terminalId: String, time: Double), calendar: Calendar) {
        self.store = store
        self.calendar = calendar
        self.changeLimit = changeLimit
        self.editor = editor
    }

    private mutating func note(_ kind: MergeChange.Kind, _ record: MemberRecord, _ detail: String, fields: [FieldChange] = []) {
        guard changes.count < changeLimit else {
            changesTruncated = true
            return
        }
        changes.append(MergeChange(kind: kind, memberId: record.memberId, name: record.displayName, detail: detail, fields: fields))
    }

    mutating func merge(_ incoming: ExchangeMember) throws {
        if incoming.isTally { return try mergeTally(incoming) }
        let memberId = incoming.record.memberId
        let stored = try store.member(memberId: memberId)
        var incoming = incoming
        // Every file's pass reads as a tap's: `04:a2:3c:99` is the card a reader gives as `04A23C99`.
        incoming.record.passId = PassEntry.stored(incoming.record.passId)
        if let sheet = incoming.sheetRow, let stored {
            // A spreadsheet's row of a member this desk has: its edits are taken or refused, with a word each.
            let review = sheet.review(incoming, stored: stored, editor: editor)
            for refusal in review.refusals {
                counts.refused += 1
                note(.refused, stored, refusal.detail, fields: refusal.fields)
            }
            guard let taken = review.member else {
                counts.unchanged += 1
                return
            }
            incoming = taken
        }
        let alias = try store.alias(memberId: memberId)
        let (raisedCounters, packsRaised) = try mergeCounters(incoming)

        // The member's own data (its real deletion time, not the unified marker), merged.
        var local = stored
        if let alias { local?.deletedAt = alias.ownDeletedAt }
        var record = incoming.record
        if stored == nil, let waiting = try store.takeTallyLastVisit(memberId: memberId) {
            // Tallies of this member came before its record: their last visit counts now.
            record.timeStampOfLastVisit = max(record.timeStampOfLastVisit, waiting)
        }
        if let local {
            let edits = MergeRules.outsideEdits(record, of: local)
            if !edits.isEmpty {
                // Someone edited the exported file (a name in the spreadsheet): those fields are a new version, made now, here.
                var base = record
                for key in edits { base.copyValue(of: key, from: local) }
                record.stamp(changedFrom: base, at: editor.time, by: editor.terminalId)
            }
        }
        var merged = record
        if let local {
            let (result, conflicts) = MergeRules.merge(local, record, calendar: calendar)
            merged = result
            try report(conflicts)
        }
        merged.numVisits = local?.numVisits ?? 0
        // A household plan whose household a later edit left (each field the latest) stands as merged:
        // refusing it would depend on this desk's version and keep stamps of values it no longer holds.
        if merged.household != nil, try store.householdProblem(merged) != nil {
            // A household that would nest (or name itself) is not taken: the plan stays as it was here.
            merged.plan = local?.plan ?? .open
            merged.household = local?.household
            counts.householdsRefused += 1
        }
        let fieldsChanged = local.map { !MergeRules.same($0, merged) } ?? true

        var unified: [String] = []
        if fieldsChanged {
            // Who is one person with whom may have changed: settle the pass's group (and the old pass's).
            let entry = PassGroup.Entry(record: merged, alias: alias?.survivorId, exists: stored != nil, stored: stored)
            unified = try PassGroup.settle(store, passId: merged.passId, pending: entry)
            if let old = local?.passId, !PassIdNormalizer.samePass(old, merged.passId) {
                unified += try PassGroup.settle(store, passId: old, pending: nil)
            }
        } else if !raisedCounters.isEmpty {
            try refreshVisitTotals(memberId, alias: alias)
        }

        try mergeEvents(incoming)

        let after = fieldsChanged || !raisedCounters.isEmpty || packsRaised ? try store.member(memberId: memberId) : stored
        try classify(before: stored, after: after, countersChanged: !raisedCounters.isEmpty || packsRaised, unified: unified)
    }

    /// Conflicts go into the audit record (one entry, the same on every desk that meets them);
    /// those new here are counted, for `sync now` and the event log to list.
    private mutating func report(_ conflicts: [FieldConflict]) throws {
        for conflict in conflicts {
            var names: [String: String] = [:]
            for id in [conflict.kept.desk, conflict.lost.desk] { names[id] = try store.deskName(terminalId: id) }
            let deskName = { (id: String) in names[id] ?? id }
            guard try store.appendAudit(conflict.auditEntry) else { continue }
            counts.conflicts.append(conflict.text(deskName: deskName))
        }
    }

    /// Visit counters and the pack's counters: G-counters, merged by max per desk (a file never
    /// sets a balance). Returns the visit counters raised and whether a pack counter rose.
    private mutating func mergeCounters(_ incoming: ExchangeMember) throws -> (raised: [String: Int], packsRaised: Bool) {
        let memberId = incoming.record.memberId
        let localCounters = try store.visitCounters(memberId: memberId)
        var raised: [String: Int] = [:]
        for (terminal, count) in incoming.counters where count > localCounters[terminal] ?? 0 {
            raised[terminal] = count
        }
        for (terminal, count) in raised {
            try store.raiseVisitCounter(memberId: memberId, terminalId: terminal, to: count)
        }
        let localPacks = try incoming.packCounters.isEmpty ? [:] : store.packCounters(memberId: memberId)
        var packsRaised = false
        for (terminal, counter) in incoming.packCounters {
            let local = localPacks[terminal] ?? PackCounter()
            guard counter.merged(with: local) != local else { continue }
            try store.raisePackCounter(memberId: memberId, terminalId: terminal, to: counter)
            packsRaised = true
        }
        if packsRaised, PackCounter.balance(localPacks) >= 0, try store.packBalance(memberId: memberId) < 0 {
            counts.overdrawnPacks += 1  // two desks used its last visit offline
        }
        return (raised, packsRaised)
    }

    /// Only visits changed: refresh this member's total and its survivor's.
    private func refreshVisitTotals(_ memberId: String, alias: (survivorId: String, ownDeletedAt: Double?)?) throws {
        if let alias {
            try store.setVisitTotal(memberId, store.ownVisitCount(memberId))
            try store.setVisitTotal(alias.survivorId, store.unifiedVisitCount(alias.survivorId))
        } else {
            try store.setVisitTotal(memberId, store.unifiedVisitCount(memberId))
        }
    }

    /// A tally: another desk's counters, events and last visit of a member, never its fields. For a
    /// member this desk has no record of yet they wait (counters and events need no member row;
    /// the last visit waits in `tally_last_visit`) and count once the record arrives, so a tally
    /// read before its record and one read after end the same.
    private mutating func mergeTally(_ incoming: ExchangeMember) throws {
        let memberId = incoming.record.memberId
        let stored = try store.member(memberId: memberId)
        let (raised, packsRaised) = try mergeCounters(incoming)
        let lastVisit = incoming.record.timeStampOfLastVisit
        var lastVisitRaised = false
        if stored != nil {
            if !raised.isEmpty { try refreshVisitTotals(memberId, alias: store.alias(memberId: memberId)) }
            if lastVisit > 0 { lastVisitRaised = try store.raiseLastVisit(memberId: memberId, to: lastVisit) }
        } else if lastVisit > 0 {
            try store.keepTallyLastVisit(memberId: memberId, lastVisit)
        }
        try mergeEvents(incoming)
        guard stored != nil else {
            counts.unchanged += 1  // kept until its record comes: nothing to show yet
            return
        }
        let changed = !raised.isEmpty || packsRaised || lastVisitRaised
        try classify(before: stored, after: changed ? try store.member(memberId: memberId) : stored,
                 countersChanged: !raised.isEmpty || packsRaised, unified: [])
    }

    /// Entries and exits: a grow-only set by event id, each under the member it came with. One
    /// more than a day ahead of this desk's clock is kept out (a wrong clock or a hostile file).
    private mutating func mergeEvents(_ incoming: ExchangeMember) throws {
        for var event in incoming.events {
            event.memberId = incoming.record.memberId
            guard event.time <= editor.time + Self.futureTolerance else {
                counts.futureEvents += 1
                continue
            }
            if try store.recordMerged(event) { counts.visitEvents += 1 }
        }
    }

    /// How far ahead of this desk's clock an event may lie and still count.
    static let futureTolerance: Double = 86400

    private mutating func classify(before: MemberRecord?, after: MemberRecord?, countersChanged: Bool, unified: [String]) throws {
        guard let after else { return }
        if !unified.isEmpty {
            counts.unified += unified.count
            for away in unified {
                // People know members by name: the one absorbed is named, its id only when it has no name.
                let absorbed = try store.member(memberId: away).map { $0.username.flatMap { $0.isEmpty ? nil : "\"\($0)\"" } ?? "pass \($0.passId)" }
                note(.unified, after, away == after.memberId ? "into another member with the same pass" : "absorbs \(absorbed ?? away)")
            }
            return
        }
        guard let before else {
            if after.deletedAt == nil {
                counts.new += 1
                note(.new, after, after.numVisits == 1 ? "1 visit" : "\(after.numVisits) visits")
            } else {
                counts.unchanged += 1  // a tombstone for a member this terminal never had: recorded, nothing to see
            }
            return
        }
        if before.deletedAt == nil, after.deletedAt != nil {
            counts.deleted += 1
            note(.deleted, after, "deleted on \(try store.deskName(terminalId: after.modifiedBy))")
            return
        }
        if MergeRules.same(before, after) && !countersChanged {
            counts.unchanged += 1
            return
        }
        counts.updated += 1
        let fields = FieldChange.between(before, after)
        note(.updated, after, Self.describe(before, after, fields), fields: fields)
    }

    /// Each changed field with its old and new value; when only the per-terminal counters moved, "visit counters".
    static func describe(_ a: MemberRecord, _ b: MemberRecord, _ fields: [FieldChange]) -> String {
        fields.isEmpty ? "visit counters" : fields.map(\.text).joined(separator: "; ")
    }
}
