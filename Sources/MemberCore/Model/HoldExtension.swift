import Foundation

/// How holds move a member's expiry out (`plans.freeze_extends_expiry`): the expiry as last set,
/// plus the days held by the live holds made after it was set with the setting on (overlapping
/// ones counted once), in the club's calendar. A function of fields that each merge by law (the
/// expiry as set by its stamp, the holds by id), so two desks' freezes both extend it, an early
/// end gives its days back, and setting a new expiry starts afresh: every desk works out the same.
extension MemberRecord {
    /// The expiry as last set (`expiresAt` when no hold has moved it).
    package var expirySet: Double? { expiryBase ?? expiresAt }

    /// The days the holds add to the expiry as set.
    package var holdExtensionDays: Int {
        guard expirySet != nil, !holdRecords.isEmpty else { return 0 }
        let setAt = stamp(of: "expiresAt").time
        let extending = holdRecords.filter { $0.extendsExpiry && ($0.madeAt ?? -.infinity) > setAt }
        return MemberHold.merged(extending).map(\.days).reduce(0, +)
    }

    /// Works `expiresAt` out again from the expiry as set and the holds (after a freeze, an early
    /// end, or a merge took either from another desk).
    package mutating func settleExpiry(calendar: Calendar) {
        guard let base = expirySet else { return }
        let days = holdExtensionDays
        guard days != 0 else {
            if expiryBase != nil { expiresAt = base }
            return
        }
        let moved = calendar.date(byAdding: .day, value: days, to: Date(timeIntervalSince1970: base))?.timeIntervalSince1970
            ?? base + Double(days) * 86_400
        expiresAt = moved  // clears the base: set again below
        expiryBase = base
    }
}
