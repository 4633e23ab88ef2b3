import Foundation

extension Club {
    /// One slice of the report cache's warm-up (`ReportWarmUp`, `AppDatabase.warmReportDays`): in
    /// this desk's time zone (`timeZone`, its settings' calendar's) and under its closing rule, as `memberdesk report` reads, so that a
    /// manager's first report finds its days cached. A desk's background timer calls it
    /// (`ReportWarmer`) until it is caught up.
    @discardableResult
    public func warmReportCache(at date: Date? = nil, timeZone: TimeZone) throws -> ReportWarmUpProgress {
        let now = date ?? clock.now()
        return try database.warmReportDays(timeZone: timeZone, now: now, ending: visitEnding(at: now.timeIntervalSince1970))
    }
}
