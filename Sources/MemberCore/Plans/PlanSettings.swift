import Foundation

/// How packs are used and when the desk warns of an expiry (`plans.*`).
public struct PlanSettings: Sendable, Equatable {
    /// What uses a visit of a pack (`plans.pack_use`).
    public enum PackUse: String, Sendable, Codable, CaseIterable {
        /// At most one visit a calendar day, however often the member comes back that day.
        case perDay = "per-day"
        /// Every admitted entry.
        case perVisit = "per-visit"
    }

    package var packUse: PackUse
    /// An expiry this many days ahead or fewer is said at the door (`plans.warn_days`).
    public var warnDays: Int
    /// The desk's calendar and time zone: what "a day" is.
    package var calendar: Calendar
    /// The plans the club sells and their currency (`[plans.catalogue.NAME]`, `plans.currency`).
    public var catalogue: PlanCatalogue
    /// A freeze moves the member's expiry out by the days it holds (`plans.freeze_extends_expiry`).
    public var freezeExtendsExpiry: Bool
    /// Entries need a signed waiver (`plans.require_waiver`), one at most this many days old
    /// (`plans.waiver_valid_days`; nil: it never lapses), and a minor's a guardian named.
    public var requireWaiver: Bool
    public var waiverValidDays: Int?
    /// The age from which a member is no minor (`plans.adult_age`).
    public var adultAge: Int
    /// Guests a member may bring each calendar month when its plan names no allowance of its own
    /// (`plans.guests_per_month`; nil: no limit). `GuestRule`.
    public var guestsPerMonth: Int?

    public init(packUse: PackUse = .perDay, warnDays: Int = 14, calendar: Calendar = .gregorianUTC,
                catalogue: PlanCatalogue = PlanCatalogue(), freezeExtendsExpiry: Bool = true, requireWaiver: Bool = false,
                waiverValidDays: Int? = nil, adultAge: Int = 18, guestsPerMonth: Int? = nil) {
        self.guestsPerMonth = guestsPerMonth
        self.packUse = packUse
        self.warnDays = warnDays
        self.calendar = calendar
        self.catalogue = catalogue
        self.freezeExtendsExpiry = freezeExtendsExpiry
        self.requireWaiver = requireWaiver
        self.waiverValidDays = waiverValidDays
        self.adultAge = adultAge
    }

    /// The local calendar day a time falls on.
    package func day(of time: Double) -> CalendarDay { CalendarDay.of(time, in: calendar) }

    /// When the club's calendar month of `time` began (local midnight of its first day).
    package func monthStart(of time: Double) -> Double {
        calendar.dateInterval(of: .month, for: Date(timeIntervalSince1970: time))?.start.timeIntervalSince1970 ?? time
    }

    /// From `time` through the end of the local day `days` days later: "expiring within DAYS days"
    /// (`members list --expiring`, the desk's list).
    public func expiring(withinDays days: Int, from time: Double) -> ClosedRange<Double> {
        let today = calendar.startOfDay(for: Date(timeIntervalSince1970: time))
        let end = calendar.date(byAdding: .day, value: days + 1, to: today)?.timeIntervalSince1970 ?? time
        return time...max(time, end - 0.001)
    }

    /// Calendar days from the day of `time` to the day of `expiresAt`: 0 on its last day, negative once past.
    package func daysUntil(_ expiresAt: Double, from time: Double) -> Int {
        day(of: expiresAt).dayNumber - day(of: time).dayNumber
    }
}
