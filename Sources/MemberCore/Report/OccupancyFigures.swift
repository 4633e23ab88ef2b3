import Foundation

/// What the report shows, computed from visits alone: a pure function of
/// (visits, period, time zone, now). `OccupancyAccumulator` folds the visits in one pass.
public struct OccupancyFigures: Sendable, Equatable {
    package struct Day: Sendable, Equatable {
        package var day: CalendarDay
        /// Entries on that day.
        package var visits: Int
        /// The most people inside at once that day.
        package var peakInside: Int
    }

    package struct BusyHour: Sendable, Equatable {
        /// 0 = Monday … 6 = Sunday.
        package var weekday: Int
        package var hour: Int
        package var averageInside: Double
    }

    package struct LapsedMember: Sendable, Equatable {
        var memberId: String
        package var username: String
        var lastVisit: CalendarDay

        package init(memberId: String, username: String, lastVisit: CalendarDay) {
            self.memberId = memberId
            self.username = username
            self.lastVisit = lastVisit
        }
    }

    var period: ReportPeriod
    package var now: Date
    /// One per day of the period, in order.
    package var days: [Day]
    /// Entries in the period.
    public var visits: Int
    /// Members with at least one entry in the period.
    public var members: Int
    /// Entries by [weekday (0 = Monday)][hour].
    package var arrivals: [[Int]]
    /// The mean number inside during each weekday's hour, over the elapsed hours of the period.
    package var averageInside: [[Double]]
    /// The mean number inside in each quarter hour of the day (96), over the elapsed days.
    public var typicalDay: [Double]
    /// The mean number inside over the minutes when anyone was inside.
    package var averageOccupancy: Double
    public var peakOccupancy: Int
    /// The first minute the peak was reached.
    package var peakAt: Date?
    /// Visits in the period with an exit (a person's, or the closing rule's: `closedByRule`).
    package var closedVisits: Int
    /// Of those, the visits the closing rule or the member's next entry ended (`VisitEndRule`):
    /// nobody saw them leave, so they are left out of the stays below and shown apart.
    package var closedByRule: Int
    /// Visits in the period still open (nobody checked them out yet).
    package var openVisits: Int
    /// The mean stay of the visits a person ended (a tap or staff).
    package var averageStay: TimeInterval?
    /// The median stay, to the minute, of the same visits.
    package var medianStay: TimeInterval?
    /// The stays a person ended, by length: [0] under 15 min, [1] 15–30 min … the last one 6 h or more.
    package var stayHistogram: [Int]
    package var exitKinds: [VisitSpan.ExitKind: Int]
    /// The five weekday hours with the most people inside on average, busiest first.
    package var busiestHours: [BusyHour]
    /// Members who stopped coming during the period (see `LapsedMemberRule`), last seen first.
    package var lapsed: [LapsedMember]
    /// Visits whose entry is more than a day after `now` (a bad clock or a hostile file): left out.
    package var futureVisitsIgnored: Int
    /// Guests the period's entries brought (they count inside, in the occupancy figures, too).
    package var guests = 0

    /// The figures of `spans` over `period` as they stand at `now`.
    public static func compute<S: Sequence<VisitSpan>>(_ spans: S, period: ReportPeriod, now: Date) -> OccupancyFigures {
        var accumulator = OccupancyAccumulator(period: period, now: now)
        for span in spans { accumulator.add(span) }
        return accumulator.figures()
    }

    static let stayBucketMinutes = 15
    static let stayBuckets = 25
}
