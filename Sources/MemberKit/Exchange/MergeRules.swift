import Foundation

/// The merge of two versions of one member (same memberId), as pure functions. Together with
/// max-merged counters and a grow-only alias set, this makes importing idempotent, commutative
/// and associative.
enum MergeRules {
    /// Last writer wins for the editable fields: later modifiedAt, then the greater terminal id;
    /// at a full tie a tombstone wins, then the greater content (any fixed order would do).
    /// Added time is the earliest, last visit the latest; numVisits comes from the counters.
    package static func merge(_ a: MemberRecord, _ b: MemberRecord) -> MemberRecord {
        var merged = wins(a, over: b) ? a : b
        merged.timeStampAdded = min(a.timeStampAdded, b.timeStampAdded)
        merged.timeStampOfLastVisit = max(a.timeStampOfLastVisit, b.timeStampOfLastVisit)
        return merged
    }

    static func wins(_ a: MemberRecord, over b: MemberRecord) -> Bool {
        if a.modifiedAt != b.modifiedAt { return a.modifiedAt > b.modifiedAt }
        if a.modifiedBy != b.modifiedBy { return a.modifiedBy > b.modifiedBy }
        if sameEditableFields(a, b) { return true }
        if (a.deletedAt != nil) != (b.deletedAt != nil) { return a.deletedAt != nil }
        return contentKey(a) >= contentKey(b)
    }

    /// `incoming` carries `local`'s version stamp but other content: a person changed an exported
    /// file, since a terminal stamps every version it writes anew. Plain ClubKit members carry no
    /// stamp of their own, so they are never taken for edits (their merge stays order-free).
    static func isOutsideEdit(_ incoming: MemberRecord, of local: MemberRecord) -> Bool {
        incoming.modifiedAt == local.modifiedAt && incoming.modifiedBy == local.modifiedBy
            && incoming.modifiedBy != ExchangeMember.clubKitModifier && !sameEditableFields(incoming, local)
    }

    /// The fields last-writer-wins decides (a null subclass field counts as an absent one).
    static func sameEditableFields(_ a: MemberRecord, _ b: MemberRecord) -> Bool {
        a.passId == b.passId && a.username == b.username && a.status == b.status && a.expiresAt == b.expiresAt
            && a.note == b.note && a.deletedAt == b.deletedAt && a.modifiedAt == b.modifiedAt && a.modifiedBy == b.modifiedBy
            && a.passSince == b.passSince && a.plan == b.plan && a.household == b.household && a.birthday == b.birthday
            && nonNull(a.fields) == nonNull(b.fields)
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
        ]
        return CSVFieldText.json(.array(parts))
    }
}
