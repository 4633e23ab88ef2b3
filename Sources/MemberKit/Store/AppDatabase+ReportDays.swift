import Foundation
import GRDB

/// The report's cache of past days (`report_day`, see migration v14): reading it, marking the
/// days a report is about to compute, computing days from `visit_event`, and storing them only
/// where no event changed them meanwhile.
struct CachedReportDay {
    var start: Double
    var end: Double
    var validFrom: Double?
    var validThrough: Double?
    var pending: Int64?
    var summary: [UInt8]?
    /// The closing rule it was computed under (`ClosingRule.key`).
    var rule: String

    /// Whether the stored summary holds for `day` read with events up to `through` under the
    /// closing rule `rule`: the day's bounds are the same (the zone's rules did not change), the
    /// rule is, and no event lies between the bound it was computed with and this one.
    func holds(for day: ReportDayPlan.Day, through: Double, rule: String) -> Bool {
        start == day.start && end == day.end && summary != nil && self.rule == rule
            && (validFrom ?? -.infinity) <= through && through < (validThrough ?? .infinity)
    }
}

/// What the row looked like when its day was computed: the summary is stored only if it still does.
enum ReportDayExpectation {
    case pending(Int64)
    case summary([UInt8])
}

/// The bounds of the events a read saw, for `CachedReportDay.holds`: the latest event at or
/// before `through`, and the first after it.
struct ReportDayValidity {
    var from: Double?
    var through: Double?
}

extension StoreTransaction {
    func cachedReportDays(zone: String, from: Int, to: Int, summaries: Bool) throws -> [Int: CachedReportDay] {
        let rows = try Row.fetchCursor(db, sql: """
            SELECT day, dayStart, dayEnd, validFrom, validThrough, pending, \(summaries ? "summary" : "summary IS NOT NULL"), closingRule
            FROM report_day WHERE zone = ? AND day BETWEEN ? AND ?
            """, arguments: [zone, from, to])
        var days: [Int: CachedReportDay] = [:]
        while let row = try rows.next() {
            let summary: [UInt8]? = summaries ? (row[6] as Data?).map { [UInt8]($0) } : ((row[6] as Bool?) == true ? [] : nil)
            days[row[0]] = CachedReportDay(start: row[1], end: row[2], validFrom: row[3], validThrough: row[4], pending: row[5], summary: summary,
                                           rule: row[7])
        }
        return days
    }

    /// Marks `days` as being computed by the report holding `token` (any summary there goes).
    func claimReportDays(_ days: [ReportDayPlan.Day], zone: String, rule: String, token: Int64) throws {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO report_day(zone, day, dayStart, dayEnd, pending, closingRule) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT(zone, day) DO UPDATE SET dayStart = excluded.dayStart, dayEnd = excluded.dayEnd,
                validFrom = NULL, validThrough = NULL, pending = excluded.pending, summary = NULL, closingRule = excluded.closingRule
            """)
        for day in days { try statement.execute(arguments: [zone, day.day, day.start, day.end, token, rule]) }
    }

    func reportDayValidity(through: Double) throws -> ReportDayValidity {
        ReportDayValidity(from: try Double.fetchOne(db, sql: "SELECT max(time) FROM visit_event WHERE time <= ?", arguments: [through]),
                          through: try Double.fetchOne(db, sql: "SELECT min(time) FROM visit_event WHERE time > ?", arguments: [through]))
    }

    /// Stores member numbers a report handed out; false when another report gave one of them to
    /// another member meanwhile (then none of the report's days may be stored). Numbers stored
    /// without their days are harmless: a later report uses them.
    func storeReportMemberNumbers(_ numbers: ArraySlice<(number: Int, memberId: String)>) throws -> Bool {
        let insert = try db.cachedStatement(sql: "INSERT INTO report_member(number, memberId) VALUES (?, ?) ON CONFLICT DO NOTHING")
        let check = try db.cachedStatement(sql: "SELECT memberId FROM report_member WHERE number = ?")
        for (number, memberId) in numbers {
            try insert.execute(arguments: [number, memberId])
            guard try db.changesCount == 1 || String.fetchOne(check, arguments: [number]) == memberId else { return false }
        }
        return true
    }

    /// Stores the computed days whose rows are as `expected` (a trigger deletes the row of a day an
    /// event changed); their member numbers are stored first (`storeReportMemberNumbers`).
    /// Returns how many were stored.
    @discardableResult
    func storeReportDays(_ days: [(day: ReportDayPlan.Day, summary: ReportDay, expected: ReportDayExpectation)],
                         zone: String, rule: String, validity: ReportDayValidity) throws -> Int {
        var stored = 0
        for (day, summary, expected) in days {
            let condition: String, value: DatabaseValueConvertible
            switch expected {
            case .pending(let token): condition = "pending = ?"; value = token
            case .summary(let bytes): condition = "summary = ?"; value = Data(bytes)
            }
            try db.cachedStatement(sql: """
                UPDATE report_day SET dayStart = ?, dayEnd = ?, validFrom = ?, validThrough = ?, pending = NULL, summary = ?, closingRule = ?
                WHERE zone = ? AND day = ? AND \(condition)
                """).execute(arguments: [day.start, day.end, validity.from, validity.through, Data(ReportDayCoding.encode(summary)),
                                         rule, zone, day.day, value])
            stored += db.changesCount
        }
        return stored
    }

    /// The summaries of `days` (ascending) from the events up to `through`, in one ordered pass
    /// per run of adjacent days; visits entered at or after `countedEnd` count nowhere.
    func computeReportDays(_ days: [ReportDayPlan.Day], timeline: LocalTimeline, through: Double, countedEnd: Double,
                           ending: VisitEndRule = VisitEndRule(), numbers: inout ReportMemberNumbers) throws -> [Int: ReportDay] {
        var builders: [ReportDay.Builder] = []
        var runStart = 0
        while runStart < days.count {
            var runEnd = runStart + 1
            while runEnd < days.count, days[runEnd].start == days[runEnd - 1].end { runEnd += 1 }
            let first = builders.count, firstDay = days[runStart].day
            builders += days[runStart..<runEnd].map { ReportDay.Builder(day: $0.day) }
            let range = VisitSpanRange(since: days[runStart].start, until: days[runEnd - 1].end, through: through, details: false,
                                       ending: ending)
            try forEachVisitSpan(range) { span in
                let entered = span.entered.timeIntervalSince1970
                guard entered < countedEnd else { return }
                let index = timeline.dayNumber(entered) - firstDay
                guard (0..<(runEnd - runStart)).contains(index) else { return }
                let exited = ReportDay.believedExit(entered: entered, exited: span.exited?.timeIntervalSince1970, futureLimit: through)
                builders[first + index].add(entered: entered, exited: exited, exitKind: span.exitKind, hour: timeline.hour(entered),
                                            member: try numbers.number(of: span.memberId, self), guests: span.guests,
                                            leaving: span.guestsLeaving, futureLimit: through)
            }
            runStart = runEnd
        }
        let storedMax = numbers.storedMax
        let renumbered = numbers.renumberInIdOrder()
        var computed: [Int: ReportDay] = [:]
        for var builder in builders {
            if !renumbered.isEmpty { builder.renumber { $0 > storedMax ? renumbered[$0 - storedMax - 1] : $0 } }
            let day = builder.finish()
            computed[day.day] = day
        }
        return computed
    }
}
