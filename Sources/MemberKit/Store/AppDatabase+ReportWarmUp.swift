import Foundation
import GRDB
@_spi(Decisions) import MemberCore

/// The report cache's warm-up, one slice at a time (`ReportWarmUp` decides which days): the same
/// claim, read and store as a report's (`reportFigures`), so a warmed day is the day a report
/// would have cached, and a tap or a report meanwhile changes nothing it should not.
extension AppDatabase {
    /// Computes and stores up to `sliceDays` settled days the cache lacks, newest first: a glance,
    /// a short write marking them, one read (a snapshot: no tap waits for it), a short write storing
    /// those still marked. The caller (a desk's background thread) pauses between slices. With
    /// `sliceDays` 0 it only counts the days missing.
    package func warmReportDays(timeZone: TimeZone, now: Date, ending: VisitEndRule = VisitEndRule(),
                               sliceDays: Int = ReportWarmUp.sliceDays) throws -> ReportWarmUpProgress {
        guard !isReadOnly else { return ReportWarmUpProgress(daysStored: 0, daysLeft: 0) }
        let zone = timeZone.identifier
        let rule = ClosingRule.key(ending.settings)
        let through = now.timeIntervalSince1970 + MergeEngine.futureTolerance
        let missing = try read { store -> [ReportDayPlan.Day] in
            guard let plan = ReportWarmUp.plan(oldestEvent: try store.oldestEventTime(), now: now, timeZone: timeZone,
                                               closing: ending.settings),
                  let first = plan.days.first, let last = plan.days.last else { return [] }
            let rows = try store.cachedReportDays(zone: zone, from: first.day, to: last.day, summaries: false)
            return ReportWarmUp.missingDays(plan) { rows[$0.day]?.holds(for: $0, through: through, rule: rule) ?? false }
        }
        let slice = ReportWarmUp.nextSlice(missing, limit: sliceDays)
        // `sliceDays` 0 only counts what is left.
        guard let first = slice.first, let last = slice.last else { return ReportWarmUpProgress(daysStored: 0, daysLeft: missing.count) }
        let token = Int64.random(in: 1...Int64.max)
        try write { try $0.claimReportDays(slice, zone: zone, rule: rule, token: token) }
        let timeline = LocalTimeline(timeZone: timeZone, from: Date(timeIntervalSince1970: first.start),
                                     to: Date(timeIntervalSince1970: last.end))
        let (computed, added, validity) = try read { store in
            var numbers = try ReportMemberNumbers(store, loadAll: false)
            let computed = try store.computeReportDays(slice, timeline: timeline, through: through, countedEnd: now.timeIntervalSince1970,
                                                       ending: ending, numbers: &numbers)
            return (computed, numbers.added, try store.reportDayValidity(through: through))
        }
        let toStore = slice.compactMap { day in
            computed[day.day].map { (day: day, summary: $0, expected: ReportDayExpectation.pending(token)) }
        }
        // As a report's: member numbers first, in short writes; none of the days if another
        // report gave one of them to another member meanwhile (the next slice tries again).
        var numbered = true
        for start in stride(from: 0, to: added.count, by: Self.reportMemberNumbersPerWrite) where numbered {
            let chunk = added[start..<min(start + Self.reportMemberNumbersPerWrite, added.count)]
            numbered = try write { try $0.storeReportMemberNumbers(chunk) }
        }
        guard numbered else { return ReportWarmUpProgress(daysStored: 0, daysLeft: missing.count) }
        let stored = try write { try $0.storeReportDays(toStore, zone: zone, rule: rule, validity: validity) }
        return ReportWarmUpProgress(daysStored: stored, daysLeft: missing.count - slice.count)
    }
}

extension StoreTransaction {
    /// The time of the oldest event kept (its index's first entry).
    func oldestEventTime() throws -> Double? {
        try Double.fetchOne(db, sql: "SELECT min(time) FROM visit_event")
    }
}
