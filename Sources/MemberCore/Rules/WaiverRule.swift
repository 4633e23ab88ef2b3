/// With `plans.require_waiver`, a member without a signed waiver is refused (`waiverNeeded`); a
/// waiver older than `plans.waiver_valid_days` counts as none. A minor (by a birthday with its
/// year) also needs a guardian named (`guardianNeeded`). A member the tap would enrol has signed
/// nothing yet: it is refused too, and staff enrol it by hand.
@_spi(Decisions) public enum WaiverRule {
    package static func apply(_ facts: CheckInFacts) -> RuleVerdict {
        let plans = facts.settings.plans
        guard plans.requireWaiver else { return .next }
        let today = plans.day(of: facts.time)
        guard let signed = facts.member.waiver, isValid(signed, today: today, validDays: plans.waiverValidDays) else {
            let lapsed = facts.member.waiver.map { $0 <= today } ?? false
            return .refuse(.waiverNeeded, saying: lapsed ? N_("Waiver needed: the last one has lapsed") : N_("Waiver needed"))
        }
        if isMinor(facts.member, on: today, adultAge: plans.adultAge), (facts.member.guardian ?? "").isEmpty {
            return .refuse(.guardianNeeded, saying: N_("Guardian needed: a minor's waiver names a guardian"))
        }
        return .next
    }

    /// Signed on or before today, and (when waivers lapse) within `validDays` days of it.
    package static func isValid(_ signed: CalendarDay, today: CalendarDay, validDays: Int?) -> Bool {
        guard signed <= today else { return false }
        guard let validDays else { return true }
        return today.dayNumber - signed.dayNumber < validDays
    }

    /// Under `adultAge` on `day`, by a birthday with its year (one without a year says nothing).
    package static func isMinor(_ member: MemberRecord, on day: CalendarDay, adultAge: Int) -> Bool {
        guard let birthday = member.birthday, let year = birthday.year else { return false }
        var age = day.year - year
        if (day.month, day.day) < (birthday.month, birthday.day) { age -= 1 }
        return age < adultAge
    }
}
