import Foundation
import GRDB

/// The report's read: the period's visits, streamed from `visit_event` through the same pairing
/// as `visits` into `OccupancyAccumulator`, so a year of a large club is never held in memory.
extension AppDatabase {
    /// What the report shows, and how many events were left out for lying past tomorrow.
    public struct ReportRead: Sendable {
        public var figures: OccupancyFigures
        /// Entries and exits dated more than a day after `now` (a desk's wrong clock, a hostile
        /// sync file): neither read nor paired, so none of them counts in the figures.
        public var futureEvents: Int
    }

    /// The figures of `period` as they stand at `now`. Visits are read from the period's
    /// look-back on (members who stopped coming need the month before).
    public func reportFigures(period: ReportPeriod, now: Date) throws -> ReportRead {
        let timeline = LocalTimeline(timeZone: period.timeZone,
                                     from: Date(timeIntervalSince1970: Double(period.lookbackStart.dayNumber - 2) * 86_400),
                                     to: Date(timeIntervalSince1970: Double(period.to.dayNumber + 3) * 86_400))
        let through = now.timeIntervalSince1970 + MergeEngine.futureTolerance
        let range = VisitSpanRange(since: timeline.start(of: period.lookbackStart).timeIntervalSince1970,
                                   until: timeline.start(of: period.to.adding(days: 1)).timeIntervalSince1970,
                                   through: through, details: false)
        var accumulator = OccupancyAccumulator(period: period, now: now)
        return try read { store in
            try store.forEachVisitSpan(range) { accumulator.add($0) }
            let future = try Row.fetchOne(store.db, sql: "SELECT count(*), total(kind = ?) FROM visit_event WHERE time > ?",
                                          arguments: [VisitEvent.Kind.entry.rawValue, through])
            accumulator.leaveOut(futureVisits: Int(future?[1] as Double? ?? 0))
            var figures = accumulator.figures()
            // Read without names; only the members the page lists need theirs.
            for index in figures.lapsed.indices {
                figures.lapsed[index].username = try store.displayName(memberId: figures.lapsed[index].memberId)
            }
            return ReportRead(figures: figures, futureEvents: future?[0] ?? 0)
        }
    }
}

extension StoreTransaction {
    /// A member's name as a listing shows it: the username, else the pass, else the id.
    func displayName(memberId: String) throws -> String {
        try String.fetchOne(db.cachedStatement(sql: "SELECT coalesce(username, passId) FROM member WHERE memberId = ?"),
                            arguments: [memberId]) ?? memberId
    }
}
