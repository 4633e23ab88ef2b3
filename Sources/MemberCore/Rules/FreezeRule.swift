/// A member on hold today is refused (`frozen`), and so is a household member whose head is on
/// a hold that is not the head's alone. After the status (a suspension says more), before the
/// expiry (a freeze moves the expiry out).
@_spi(Decisions) public enum FreezeRule {
    package static func apply(_ facts: CheckInFacts) -> RuleVerdict {
        let today = facts.settings.plans.day(of: facts.time)
        guard let hold = hold(facts.member, head: facts.plan?.head, on: today) else { return .next }
        return .refuse(.frozen, saying: line(hold, today: today))
    }

    /// "Frozen until 12 January", with the hold's reason when it has one ("Frozen until 12 January: holiday").
    package static func line(_ hold: MemberHold, today: CalendarDay) -> String {
        "Frozen until \(DayWords.dayAndMonth(hold.until, today: today))" + (hold.reason.map { ": \($0)" } ?? "")
    }

    /// The hold that keeps `member` out on `day`: its own, else its household head's.
    package static func hold(_ member: MemberRecord, head: MemberRecord?, on day: CalendarDay) -> MemberHold? {
        if let own = MemberHold.holding(day, in: member.holds) { return own }
        guard let head, let held = MemberHold.holding(day, in: head.holds), !held.headOnly else { return nil }
        return held
    }
}
