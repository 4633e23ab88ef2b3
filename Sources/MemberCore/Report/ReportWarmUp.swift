import Foundation

/// Which past days the report's cache (`report_day`) should hold before anyone asks, and which of
/// them the next slice of the background warm-up computes. Pure: the store reads what is cached
/// and the oldest event, this decides, the store computes and stores (`AppDatabase.warmReportDays`).
///
/// A first report after an upgrade, or after days nobody reported, computes every day it is
/// missing from the events (11–14 s for a year at 10M events); a desk that ran meanwhile has
/// filled them a week at a time, newest first (the days a default report reads come first).
package enum ReportWarmUp {
    /// Days one slice computes: one read of about a week of events, two short writes.
    package static let sliceDays = 7

    /// The days to hold: every settled day (`ReportDayPlan`) from the look-back of the oldest
    /// event's day to today, at most `ReportPeriod.maximumDays` back. None when there are no events.
    package static func plan(oldestEvent: Double?, now: Date, timeZone: TimeZone, closing: OccupancySettings) -> ReportDayPlan? {
        guard let oldestEvent else { return nil }
        let timeline = LocalTimeline(timeZone: timeZone, from: Date(timeIntervalSince1970: min(oldestEvent, now.timeIntervalSince1970)),
                                     to: now)
        let today = timeline.dayNumber(now.timeIntervalSince1970)
        // A report from the oldest event's day on reads its look-back too (empty days, but days).
        let first = max(timeline.dayNumber(min(oldestEvent, now.timeIntervalSince1970)) - ReportPeriod.lookbackDays,
                        today - ReportPeriod.maximumDays + 1)
        return ReportDayPlan(days: first...today, timeline: timeline, countedEnd: now.timeIntervalSince1970, now: now, closing: closing)
    }

    /// The settled days of `plan` that `holds` says are not cached (or not for now), ascending.
    package static func missingDays(_ plan: ReportDayPlan, holds: (ReportDayPlan.Day) -> Bool) -> [ReportDayPlan.Day] {
        plan.days.filter { $0.cacheable && !holds($0) }
    }

    /// The next slice: the newest `limit` of the missing days, ascending (the store reads
    /// adjacent days in one pass).
    package static func nextSlice(_ missing: [ReportDayPlan.Day], limit: Int = sliceDays) -> [ReportDayPlan.Day] {
        Array(missing.suffix(max(0, limit)))
    }
}

/// How far a warm-up slice got: the days it stored, and those still missing after it.
public struct ReportWarmUpProgress: Sendable, Equatable {
    public var daysStored: Int
    package var daysLeft: Int

    package init(daysStored: Int, daysLeft: Int) {
        self.daysStored = daysStored
        self.daysLeft = daysLeft
    }

    /// Nothing more to do until a day settles (or an event changes a cached one).
    public var caughtUp: Bool { daysLeft == 0 }
}
