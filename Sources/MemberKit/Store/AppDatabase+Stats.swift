import Foundation
import GRDB

/// The desk's stats, from the member table and the visit audit trail: every desk's visits this
/// desk holds, as `visits` and the report count them, and today's made at `desk` beside them.
extension AppDatabase {
    /// Stats for the day of `calendar` (the club's, `ClubSettings.occupancy.calendar`) containing `now`.
    public func stats(now: Date, desk: String, calendar: Calendar) throws -> DeskStats {
        let today = calendar.startOfDay(for: now)
        let dayStarts = (0..<30).reversed().compactMap { calendar.date(byAdding: .day, value: -$0, to: today) }
            .map(\.timeIntervalSince1970)
        let tomorrow = (calendar.date(byAdding: .day, value: 1, to: today) ?? now).timeIntervalSince1970
        let weekStart = calendar.dateInterval(of: .weekOfYear, for: now)?.start ?? today
        let monthStart = calendar.dateInterval(of: .month, for: now)?.start ?? today
        return try read { store in
            let db = store.db
            let members = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM member WHERE deletedAt IS NULL") ?? 0
            var perHour = Array(repeating: 0, count: 24)
            var perDay = Array(repeating: 0, count: dayStarts.count)
            var todayHere = 0
            let visits = try Row.fetchCursor(db, sql: "SELECT time, terminalId FROM (\(StoreTransaction.visitsSQL(start: "?1", end: "?2")))",
                                             arguments: [dayStarts[0], tomorrow])
            while let visit = try visits.next() {
                let time: Double = visit[0], terminalId: String = visit[1]
                guard let day = dayStarts.lastIndex(where: { $0 <= time }) else { continue }
                perDay[day] += 1
                if day == dayStarts.count - 1 {
                    perHour[calendar.component(.hour, from: Date(timeIntervalSince1970: time))] += 1
                    if terminalId == desk { todayHere += 1 }
                }
            }
            // Live members who came: a deleted member's visits stay in the trail but not in the count,
            // and a member unified into another counts as that one.
            func active(since start: Date) throws -> Int {
                try Int.fetchOne(db, sql: """
                    SELECT COUNT(DISTINCT m.memberId) FROM (\(StoreTransaction.visitsSQL(start: "?1"))) v
                    LEFT JOIN member_alias a ON a.memberId = v.memberId
                    JOIN member m ON m.memberId = coalesce(a.survivorId, v.memberId)
                    WHERE m.deletedAt IS NULL
                    """, arguments: [start.timeIntervalSince1970]) ?? 0
            }
            return DeskStats(memberCount: members, visitsToday: perHour.reduce(0, +), visitsTodayHere: todayHere, perHourToday: perHour,
                             perDayLast30: perDay, activeThisWeek: try active(since: weekStart),
                             activeThisMonth: try active(since: monthStart))
        }
    }
}
