/// The one line under the welcome that tells a member what it needs to know ("3 visits left",
/// "Expires in 5 days", "Happy birthday!", "Household of Anna Lee"), and under a refusal what
/// to do. Pure: the CLI's check-in message and the desk's banner both read it.
public enum DoorNotice {
    /// What the line says, as facts: each front end words them (the desk in its language).
    public enum Fact: Sendable, Equatable {
        case birthday
        /// A pack's visits left after this visit (negative: owed).
        case visitsLeft(Int)
        case expiresIn(days: Int)
        case expired(daysAgo: Int)
        case household(head: String)
    }

    public static func line(for report: CheckInReport, settings: PlanSettings) -> String? {
        let facts = facts(for: report, settings: settings)
        return facts.isEmpty ? nil : facts.map(english).joined(separator: " · ")
    }

    public static func facts(for report: CheckInReport, settings: PlanSettings) -> [Fact] {
        guard let member = report.outcome.member else { return [] }
        let time = report.time.timeIntervalSince1970
        let standing = report.plan
        switch report.outcome {
        case .refused(_, .packUsedUp):
            guard let left = standing?.visitsLeft, left < 0 else { return [] }
            return [.visitsLeft(left)]
        case .refused(_, .expired):
            return expiresAt(report).map { [.expired(daysAgo: -settings.daysUntil($0, from: time))] } ?? []
        case .checkedIn, .enrolled, .duplicate:
            var facts: [Fact] = []
            if case .checkedIn = report.outcome, let birthday = member.birthday, birthday.falls(on: settings.day(of: time)),
               !visitedToday(report.lastVisitBefore, at: time, settings: settings) {
                facts.append(.birthday)
            }
            if let left = standing?.visitsLeft { facts.append(.visitsLeft(left)) }
            if let expiry = expiresAt(report) {
                let days = settings.daysUntil(expiry, from: time)
                if days >= 0, days <= settings.warnDays { facts.append(.expiresIn(days: days)) }
            }
            if let head = standing?.head { facts.append(.household(head: head.displayName)) }
            return facts
        default:
            return []
        }
    }

    static func english(_ fact: Fact) -> String {
        switch fact {
        case .birthday: return "Happy birthday!"
        case .visitsLeft(let left): return visitsLeft(left)
        case .expiresIn(let days): return expiresIn(days: days)
        case .expired(let days): return expired(daysAgo: days)
        case .household(let head): return "Household of \(head)"
        }
    }

    /// The expiry that applies to the tap's member: its plan's (a household's head's), else its own.
    package static func expiresAt(_ report: CheckInReport) -> Double? {
        report.plan.map(\.expiresAt) ?? report.outcome.member?.expiresAt
    }

    /// Calendar days from the tap's day to the expiry's day in the desk's zone (0 on its last day).
    public static func expiresInDays(_ report: CheckInReport, settings: PlanSettings) -> Int? {
        expiresAt(report).map { settings.daysUntil($0, from: report.time.timeIntervalSince1970) }
    }

    package static func visitsLeft(_ left: Int) -> String {
        switch left {
        case ..<0: return owes(-left)
        case 0: return "Last visit on this pack"
        case 1: return "1 visit left"
        default: return "\(CountText.grouped(left)) visits left"
        }
    }

    /// A pack's balance as it stands (not after a visit): "0 visits left", "1 visit left", "Owes 2 visits".
    public static func balance(_ left: Int) -> String {
        left < 0 ? owes(-left) : CountText.of(left, "visit") + " left"
    }

    static func owes(_ visits: Int) -> String {
        visits == 1 ? "Owes 1 visit" : "Owes \(CountText.grouped(visits)) visits"
    }

    static func expiresIn(days: Int) -> String {
        switch days {
        case 0: return "Expires today"
        case 1: return "Expires tomorrow"
        default: return "Expires in \(days) days"
        }
    }

    package static func expired(daysAgo days: Int) -> String {
        switch days {
        case ...0: return "Expired today"
        case 1: return "Expired yesterday"
        default: return "Expired \(days) days ago"
        }
    }

    private static func visitedToday(_ last: Double?, at time: Double, settings: PlanSettings) -> Bool {
        guard let last, last > 0 else { return false }
        return settings.day(of: last) == settings.day(of: time)
    }
}
