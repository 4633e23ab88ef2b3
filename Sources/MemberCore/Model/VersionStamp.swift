/// The one rule for stamping a new version of a synced record (a member, an operator): its time,
/// or just after the version it replaces when the clock has not passed that (a clock stepped back,
/// two edits in one tick). Merges keep the later stamp, so two versions must never share one.
package enum VersionStamp {
    package static func next(after previous: Double, at time: Double) -> Double {
        max(time, previous.nextUp)
    }
}

extension MemberRecord {
    /// This record as a new version written by `desk` at `time`.
    package mutating func stamp(at time: Double, by desk: String) {
        modifiedAt = VersionStamp.next(after: modifiedAt, at: time)
        modifiedBy = desk
    }
}

extension StaffAccount {
    /// This account as a new version written by `desk` at `time`.
    package mutating func stamp(at time: Double, by desk: String) {
        modifiedAt = VersionStamp.next(after: modifiedAt, at: time)
        modifiedBy = desk
    }
}
