import Foundation

/// The local days a report folds (its look-back and its period, up to now), each with its bounds,
/// and whether it may be cached: only a day whose visits are settled by now is (today's visits
/// still change, and so do yesterday's until the closing rule has ended them: `ClosingRule.settled`).
package struct ReportDayPlan: Sendable {
    package struct Day: Sendable, Equatable {
        package var day: Int
        package var start: Double
        package var end: Double
        package var cacheable: Bool
    }

    /// Ascending; days that begin at or after the counted end are left out (nothing there counts).
    package let days: [Day]

    package init(period: ReportPeriod, timeline: LocalTimeline, countedEnd: Double, now: Date,
                closing: OccupancySettings = OccupancySettings()) {
        self.init(days: period.lookbackStart.dayNumber...period.to.dayNumber, timeline: timeline, countedEnd: countedEnd, now: now,
                  closing: closing)
    }

    /// The local days numbered `numbers` (a report's, or the cache's warm-up: `ReportWarmUp`).
    package init(days numbers: ClosedRange<Int>, timeline: LocalTimeline, countedEnd: Double, now: Date,
                closing: OccupancySettings = OccupancySettings()) {
        var days: [Day] = []
        for number in numbers {
            let start = timeline.start(of: CalendarDay(dayNumber: number)).timeIntervalSince1970
            guard start < countedEnd else { break }
            let end = timeline.start(of: CalendarDay(dayNumber: number + 1)).timeIntervalSince1970
            days.append(Day(day: number, start: start, end: end, cacheable: ClosingRule.settled(enteredBefore: end, settings: closing) <= now.timeIntervalSince1970))
        }
        self.days = days
    }
}
