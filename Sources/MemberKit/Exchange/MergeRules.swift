import Foundation

/// The merge of two versions of one member (same memberId), as pure functions. Together with
/// max-merged counters and a grow-only alias set, this makes importing idempotent, commutative
/// and associative.
enum MergeRules {
    /// Field by field: each field keeps its later stamp (`FieldStamp.isLater`), so edits of
    /// different fields on different desks both survive; at a full tie a deletion wins, then the
    /// greater content. Added time is the earliest, last visit the latest; numVisits comes from
    /// the counters. Holds are records by id, joined (`MemberHold.joined`): two desks' freezes
    /// both stand, and the expiry they move out is worked out again in `calendar`, the club's.
    /// `conflicts` are the fields both versions edited without seeing the other's.
    package static func merge(_ a: MemberRecord, _ b: MemberRecord,
                              calendar: Calendar) -> (record: MemberRecord, conflicts: [FieldConflict]) {
        if a.isPurged || b.isPurged { return (erased(a, b), []) }
        var merged = wins(a, over: b) ? a : b
        merged.timeStampAdded = min(a.timeStampAdded, b.timeStampAdded)
        merged.timeStampOfLastVisit = max(a.timeStampOfLastVisit, b.timeStampOfLastVisit)
        let restA = a.restStamp, restB = b.restStamp
        let rest = restA.isLater(than: restB) || restA == restB ? restA : restB
        var edited: [String: FieldStamp] = [:]
        var conflicts: [FieldConflict] = []
        for key in MemberFieldKey.keys(a, b) {
            let stampA = a.stamp(of: key), stampB = b.stamp(of: key)
            let fromA = fieldWins(key, a, stampA, over: b, stampB)
            let (winner, loser) = fromA ? (a, b) : (b, a)
            let (kept, lost) = fromA ? (stampA, stampB) : (stampB, stampA)
            edited[key] = kept
            if key == "holds" {
                merged.holdRecords = MemberHold.joined(a.holdRecords, b.holdRecords)
                continue  // nothing lost: no conflict
            }
            merged.copyValue(of: key, from: winner)
            if let conflict = FieldConflict(key: key, winner: winner, kept: kept, loser: loser, lost: lost) {
                conflicts.append(conflict)
            }
        }
        merged.setStamps(rest: rest, edited: edited)
        merged.settleExpiry(calendar: calendar)
        return (merged, conflicts)
    }

    /// An erased tombstone (`MemberPurge`) absorbs every other version, older or newer, so no
    /// copy of the person's data comes back (a file from before the erasure, an edit made
    /// offline); of two erasures the later stamp's. Only the added time and last visit still merge.
    private static func erased(_ a: MemberRecord, _ b: MemberRecord) -> MemberRecord {
        var merged = a.isPurged && (!b.isPurged || wins(a, over: b)) ? a : b
        merged.timeStampAdded = min(a.timeStampAdded, b.timeStampAdded)
        merged.timeStampOfLastVisit = max(a.timeStampOfLastVisit, b.timeStampOfLastVisit)
        return merged
    }

    /// One field's winner: the later stamp; at the same stamp, the same value either way, else a
    /// deletion, else the greater value (any fixed order would do).
    private static func fieldWins(_ key: String, _ a: MemberRecord, _ stampA: FieldStamp,
                                  over b: MemberRecord, _ stampB: FieldStamp) -> Bool {
        if !stampA.isSameEdit(as: stampB) { return stampA.isLater(than: stampB) }
        if a.sameValue(of: key, as: b) { return (stampA.replaced ?? -1) >= (stampB.replaced ?? -1) }
        if key == "deletedAt" { return a.deletedAt != nil }
        return a.valueText(of: key) >= b.valueText(of: key)
    }

    /// The whole member's stamp (what older desks merge by): later modifiedAt, then the greater
    /// terminal id; at a full tie a tombstone wins, then the greater content.
    static func wins(_ a: MemberRecord, over b: MemberRecord) -> Bool {
        if a.modifiedAt != b.modifiedAt { return a.modifiedAt > b.modifiedAt }
        if a.modifiedBy != b.modifiedBy { return a.modifiedBy > b.modifiedBy }
        if sameEditableFields(a, b) { return true }
        if (a.deletedAt != nil) != (b.deletedAt != nil) { return a.deletedAt != nil }
        return contentKey(a) >= contentKey(b)
    }

    /// The fields of `incoming` that carry `local`'s stamp for them but another value: a person
    /// changed an exported file, since a desk stamps every edit anew. Plain ClubKit members carry
    /// no stamp of their own, so they are never taken for edits (their merge stays order-free).
    static func outsideEdits(_ incoming: MemberRecord, of local: MemberRecord) -> [String] {
        guard incoming.modifiedBy != ExchangeMember.clubKitModifier else { return [] }
        return MemberFieldKey.keys(incoming, local).filter {
            incoming.stamp(of: $0).isSameEdit(as: local.stamp(of: $0)) && !incoming.sameValue(of: $0, as: local)
        }
    }

    /// The fields last-writer-wins decides (a null subclass field counts as an absent one).
    static func sameEditableFields(_ a: MemberRecord, _ b: MemberRecord) -> Bool {
        a.passId == b.passId && a.username == b.username && a.status == b.status && a.expiresAt == b.expiresAt && a.expiryBase == b.expiryBase
            && a.note == b.note && a.deletedAt == b.deletedAt && a.modifiedAt == b.modifiedAt && a.modifiedBy == b.modifiedBy
            && a.passSince == b.passSince && a.plan == b.plan && a.household == b.household && a.birthday == b.birthday
            && a.alert == b.alert && a.holdRecords == b.holdRecords && a.waiver == b.waiver && a.guardian == b.guardian
            && a.photo == b.photo && a.product == b.product
            && nonNull(a.fields) == nonNull(b.fields) && a.stamps == b.stamps
    }

    /// Two stored versions are the same member state (numVisits aside, which the counters decide).
    static func same(_ a: MemberRecord, _ b: MemberRecord) -> Bool {
        sameEditableFields(a, b) && a.timeStampAdded == b.timeStampAdded && a.timeStampOfLastVisit == b.timeStampOfLastVisit
            && a.numVisits == b.numVisits
    }

    static func nonNull(_ fields: [String: JSONValue]) -> [String: JSONValue] {
        fields.filter { $0.value != .null }
    }

    private static func contentKey(_ r: MemberRecord) -> String {
        let parts: [JSONValue] = [
            .string(r.passId), r.username.map(JSONValue.string) ?? .null, .object(nonNull(r.fields)),
            .string(r.status.rawValue), r.expiresAt.map(JSONValue.double) ?? .null, r.note.map(JSONValue.string) ?? .null,
            r.deletedAt.map(JSONValue.double) ?? .null, r.passSince.map(JSONValue.double) ?? .null,
            .string(r.plan.rawValue), r.household.map(JSONValue.string) ?? .null,
            r.birthday.map { JSONValue.string($0.description) } ?? .null,
            .object(MemberDetailsJSON.object(r)),
        ]
        return CSVFieldText.json(.array(parts))
    }
}
