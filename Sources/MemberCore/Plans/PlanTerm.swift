import Foundation

/// The expiry a product gives a member on the day it is sold: pure, with the club's calendar and
/// closing time passed in (the same closing time `ClosingRule` checks visits out at).
@_spi(Decisions) public enum PlanTerm {
    /// The member's expiry once `product` is applied at `time` (nil: never expires, as before).
    /// - pack: with `validDays`, `validDays` days from now, unless the current expiry is later;
    ///   without, the expiry is left as it is.
    /// - open: `validDays` days from now or from the current expiry, the later.
    /// - day: closing time on the `validDays`-th day (today for 1), or that day's end when no
    ///   closing time is set; refused once that has passed (sold after closing).
    package static func expiry(of product: PlanProduct, current: Double?, at time: Double,
                               occupancy: OccupancySettings) throws(DeskError) -> Double? {
        let calendar = occupancy.calendar
        func adding(days: Int, to start: Double) -> Double {
            calendar.date(byAdding: .day, value: days, to: Date(timeIntervalSince1970: start))?.timeIntervalSince1970
                ?? start + Double(days) * 86_400
        }
        switch product.kind {
        case .pack:
            guard let days = product.validDays else { return current }
            let end = adding(days: days, to: time)
            return current.map { max($0, end) } ?? end
        case .open:
            return adding(days: product.validDays ?? 0, to: max(time, current ?? time))
        case .day:
            let end = dayPassEnd(days: product.validDays ?? 1, at: time, occupancy: occupancy)
            guard end > time else {
                throw DeskError.conflict("the club has closed for today: a day pass sold now would be over already")
            }
            return end
        }
    }

    /// The `days`-th day's closing instant (the first closing after that day starts), else its last moment.
    package static func dayPassEnd(days: Int, at time: Double, occupancy: OccupancySettings) -> Double {
        let calendar = occupancy.calendar
        let today = calendar.startOfDay(for: Date(timeIntervalSince1970: time))
        let start = calendar.date(byAdding: .day, value: max(1, days) - 1, to: today) ?? today
        let nextDay = calendar.date(byAdding: .day, value: 1, to: start)?.timeIntervalSince1970 ?? start.timeIntervalSince1970 + 86_400
        guard let closing = ClosingRule.nextClosing(after: start.timeIntervalSince1970, settings: occupancy), closing <= nextDay else {
            return nextDay - 0.001
        }
        return closing
    }
}
