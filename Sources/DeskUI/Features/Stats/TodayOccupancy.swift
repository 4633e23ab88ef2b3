import Foundation
import MemberKit

/// Reads today's occupancy curve on the worker: today's visits (and those still open from
/// before) folded by the report's `OccupancyFigures`, so the desk and the report count alike.
enum TodayOccupancy {
    static func curve(_ club: Club, now: Date) throws -> OccupancyCurve {
        let timeZone = club.settings.occupancy.calendar.timeZone
        let timeline = LocalTimeline(timeZone: timeZone, from: now, to: now)
        let today = CalendarDay(dayNumber: timeline.dayNumber(now.timeIntervalSince1970))
        // Visits that began yesterday may run past midnight; a member in for longer still is in `inside`.
        let since = timeline.start(of: today).timeIntervalSince1970 - 86_400
        // Closing time caught up once, for both (as every answer about who is inside applies it).
        let (inside, recorded) = try club.insideAndVisitSpans(since: since, at: now)
        let spans = recorded + inside.filter { $0.since < since }.map {
            VisitSpan(visitId: "", memberId: $0.memberId, username: $0.username ?? $0.passId,
                      entered: Date(timeIntervalSince1970: $0.since), desk: $0.desk, source: "")
        }
        let figures = OccupancyFigures.compute(spans, period: try ReportPeriod(from: today, to: today, timeZone: timeZone), now: now)
        // The accumulator counts by the minute: one who came in this minute is inside, if not yet in the curve.
        return OccupancyCurve(quarters: figures.typicalDay, peak: max(figures.peakOccupancy, inside.count), inside: inside.count,
                              capacity: club.settings.occupancy.capacity)
    }
}
