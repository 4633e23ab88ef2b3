import Foundation
import GRDB
@_spi(Decisions) import MemberCore

/// The report's read. Each local day's visits are folded as a `ReportDay`: past days from the
/// `report_day` cache where it holds, the others (the first report, days an event changed since,
/// today) computed from `visit_event` through the same pairing as `visits`, then cached. So a
/// year's report reads ~400 summaries and today's events, not a year of events.
extension AppDatabase {
    /// What the report shows, and how many events were left out for lying past tomorrow.
    public struct ReportRead: Sendable {
        public var figures: OccupancyFigures
        /// Entries and exits dated more than a day after `now` (a desk's wrong clock, a hostile
        /// sync file): neither read nor paired, so none of them counts in the figures.
        public var futureEvents: Int
    }

    /// Member numbers stored in one write transaction (a few tens of milliseconds).
    static let reportMemberNumbersPerWrite = 20_000

    /// A read of more days than this loads all member numbers at once, rather than one by one.
    static let reportDaysLoadingAllNumbers = 7

    /// The figures of `period` as they stand at `now`. Visits are read from the period's
    /// look-back on (members who stopped coming need the month before).
    ///
    /// Three steps, so no write waits on a long computation: a glance at the cache; a short write
    /// marking the days to compute (`pending`); one read (a snapshot) that folds the cached days and
    /// computes the others; then a short write storing each computed day whose mark is still there
    /// (an event that changes a day deletes its row, mark and all).
    ///
    /// `ending` ends the visits with no exit (`Club.reportFigures` passes the desk's closing rule);
    /// a cached day holds only for the rule it was computed under.
    package func reportFigures(period: ReportPeriod, now: Date, ending: VisitEndRule = VisitEndRule()) throws -> ReportRead {
        var accumulator = OccupancyAccumulator(period: period, now: now)
        let plan = ReportDayPlan(period: period, timeline: accumulator.timeline, countedEnd: accumulator.countedEnd, now: now,
                                 closing: ending.settings)
        let zone = period.timeZone.identifier
        let rule = ClosingRule.key(ending.settings)
        let through = now.timeIntervalSince1970 + MergeEngine.futureTolerance
        let firstDay = period.lookbackStart.dayNumber, lastDay = period.to.dayNumber
        let caching = !isReadOnly
        var token: Int64?
        if caching {
            let rows = try read { try $0.cachedReportDays(zone: zone, from: firstDay, to: lastDay, summaries: false) }
            let missing = plan.days.filter { $0.cacheable && !(rows[$0.day]?.holds(for: $0, through: through, rule: rule) ?? false) }
            if !missing.isEmpty {
                let claim = Int64.random(in: 1...Int64.max)
                try write { try $0.claimReportDays(missing, zone: zone, rule: rule, token: claim) }
                token = claim
            }
        }
        let (result, toStore, added, validity) = try read { store in
            let rows = caching ? try store.cachedReportDays(zone: zone, from: firstDay, to: lastDay, summaries: true) : [:]
            let storedMax = try store.reportMemberNumbersStoredMax()
            var cached: [Int: ReportDay] = [:]
            var toCompute: [ReportDayPlan.Day] = []
            var expected: [Int: ReportDayExpectation] = [:]
            for day in plan.days {
                let row = rows[day.day]
                if day.cacheable, let row, row.holds(for: day, through: through, rule: rule), let bytes = row.summary,
                   let summary = ReportDayCoding.decode(bytes), summary.day == day.day, (summary.members.last ?? 0) <= storedMax {
                    cached[day.day] = summary
                    continue
                }
                toCompute.append(day)
                guard day.cacheable, let row else { continue }
                if let pending = row.pending, pending == token {
                    expected[day.day] = .pending(pending)
                } else if let summary = row.summary {
                    expected[day.day] = .summary(summary)  // a summary that did not decode: replaced if unchanged
                }
            }
            var numbers = try ReportMemberNumbers(store, loadAll: toCompute.count > Self.reportDaysLoadingAllNumbers)
            let computed = try store.computeReportDays(toCompute, timeline: accumulator.timeline, through: through,
                                                       countedEnd: accumulator.countedEnd, ending: ending, numbers: &numbers)
            // In day order, so the stays' sum is added up the same way however the days came.
            for day in plan.days { accumulator.add(cached[day.day] ?? computed[day.day] ?? ReportDay(day: day.day)) }
            let future = try Row.fetchOne(store.db, sql: "SELECT count(*), total(kind = ?) FROM visit_event WHERE time > ?",
                                          arguments: [VisitEvent.Kind.entry.rawValue, through])
            accumulator.leaveOut(futureVisits: Int(future?[1] as Double? ?? 0))
            // Only the members the page lists need their ids and names.
            let figures = try accumulator.figures { number in
                let memberId = try numbers.memberId(of: number, store) ?? "#\(number)"
                return (memberId, try store.displayName(memberId: memberId))
            }
            let toStore = plan.days.compactMap { day -> (day: ReportDayPlan.Day, summary: ReportDay, expected: ReportDayExpectation)? in
                guard let expectation = expected[day.day], let summary = computed[day.day] else { return nil }
                return (day, summary, expectation)
            }
            return (ReportRead(figures: figures, futureEvents: future?[0] ?? 0), toStore, numbers.added,
                    try store.reportDayValidity(through: through))
        }
        if !toStore.isEmpty {
            // A first report names up to every member: stored in short writes, so a tap at a
            // running desk never waits long behind them for the write lock.
            var stored = true
            for start in stride(from: 0, to: added.count, by: Self.reportMemberNumbersPerWrite) where stored {
                let chunk = added[start..<min(start + Self.reportMemberNumbersPerWrite, added.count)]
                stored = try write { try $0.storeReportMemberNumbers(chunk) }
            }
            if stored { try write { try $0.storeReportDays(toStore, zone: zone, rule: rule, validity: validity) } }
        }
        return result
    }
}

extension StoreTransaction {
    /// A member's name as a listing shows it: the username, else the pass, else the id.
    func displayName(memberId: String) throws -> String {
        try String.fetchOne(db.cachedStatement(sql: "SELECT coalesce(username, passId) FROM member WHERE memberId = ?"),
                            arguments: [memberId]) ?? memberId
    }

    func reportMemberNumbersStoredMax() throws -> Int {
        try Int.fetchOne(db, sql: "SELECT coalesce(max(number), 0) FROM report_member") ?? 0
    }
}
