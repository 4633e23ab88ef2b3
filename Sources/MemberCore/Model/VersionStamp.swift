/// The one rule for stamping a new version of a synced record (a member, an operator): its time,
/// or just after the version it replaces when the clock has not passed that (a clock stepped back,
/// two edits in one tick). Merges keep the later stamp, so two versions must never share one.
package enum VersionStamp {
    package static func next(after previous: Double, at time: Double) -> Double {
        max(time, previous.nextUp)
    }
}

extension MemberRecord {
    /// This record, changed from `before`, as a new version written by `desk` at `time`: only the
    /// fields it changed get the new stamp (each noting the one it replaced); the others keep theirs.
    package mutating func stamp(changedFrom before: MemberRecord, at time: Double, by desk: String) {
        let rest = before.restStamp
        var edited = before.stamps?.edited ?? [:]
        let next = VersionStamp.next(after: before.modifiedAt, at: time)
        for key in MemberFieldKey.keys(before, self) where !sameValue(of: key, as: before) {
            edited[key] = FieldStamp(time: next, desk: desk, replaced: before.stamp(of: key).time)
        }
        modifiedAt = next
        modifiedBy = desk
        setStamps(rest: rest, edited: edited)
    }
}

extension StaffAccount {
    /// This account as a new version written by `desk` at `time`.
    package mutating func stamp(at time: Double, by desk: String) {
        modifiedAt = VersionStamp.next(after: modifiedAt, at: time)
        modifiedBy = desk
    }
}
