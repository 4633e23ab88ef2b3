import Foundation

/// Folds visits into `OccupancyFigures` in one pass, in any order: a year of a large club's
/// visits is streamed from the store rather than held in an array.
public struct OccupancyAccumulator {
    /// A member's trail for `LapsedMemberRule`: the newest distinct visit days.
    private struct Trail {
        var username: String
        var latestDays: [Int]
        var inPeriod: Bool

        mutating func add(day: Int, username name: String, inPeriod visitInPeriod: Bool) {
            inPeriod = inPeriod || visitInPeriod
            if let newest = latestDays.first, day >= newest { username = name }
            guard !latestDays.contains(day) else { return }
            latestDays.insert(day, at: latestDays.firstIndex { $0 < day } ?? latestDays.count)
            if latestDays.count > LapsedMemberRule.regularDays { latestDays.removeLast() }
        }
    }

    private let period: ReportPeriod
    private let now: Date
    private let timeline: LocalTimeline
    private let rangeStart: Double
    /// The end of the period, or now if sooner: occupancy is not counted into the future.
    private let countedEnd: Double
    private let futureLimit: Double
    private let firstDay: Int
    private let lastCountedDay: Int
    /// +1 at an entry's minute, −1 at its exit's; the running sum is the number inside.
    private var insideDelta: [Int32]
    private var visitsByDay: [Int]
    private var arrivals = [Int](repeating: 0, count: 7 * 24)
    /// Closed stays by whole minutes; the last counts a day or longer.
    private var stayMinutes = [Int](repeating: 0, count: 24 * 60 + 1)
    private var staySum = 0.0
    private var closed = 0
    private var open = 0
    private var exitKinds: [VisitSpan.ExitKind: Int] = [:]
    private var future = 0
    private var trails: [String: Trail] = [:]

    public init(period: ReportPeriod, now: Date) {
        self.period = period
        self.now = now
        let start = period.from.dayNumber, end = period.to.dayNumber + 1
        // From the look-back, so a regular month before the period falls on the right days.
        let provisional = LocalTimeline(timeZone: period.timeZone, from: Date(timeIntervalSince1970: Double(period.lookbackStart.dayNumber - 2) * 86_400),
                                        to: Date(timeIntervalSince1970: Double(end + 2) * 86_400))
        let rangeStart = provisional.start(of: period.from).timeIntervalSince1970
        let rangeEnd = provisional.start(of: period.to.adding(days: 1)).timeIntervalSince1970
        timeline = provisional
        self.rangeStart = rangeStart
        countedEnd = max(rangeStart, min(rangeEnd, now.timeIntervalSince1970))
        futureLimit = now.timeIntervalSince1970 + 86_400
        firstDay = start
        lastCountedDay = min(period.to.dayNumber, provisional.dayNumber(now.timeIntervalSince1970))
        insideDelta = [Int32](repeating: 0, count: Int(((countedEnd - rangeStart) / 60).rounded(.up)) + 1)
        visitsByDay = [Int](repeating: 0, count: period.dayCount)
    }

    public mutating func add(_ span: VisitSpan) {
        let entered = span.entered.timeIntervalSince1970
        if entered > futureLimit { future += 1; return }
        guard entered < countedEnd else { return }
        // An exit before its entry, or past tomorrow, is not believed: the visit counts as open.
        var exited = span.exited?.timeIntervalSince1970
        if let time = exited, time < entered || time > futureLimit { exited = nil }
        addToTrail(span, day: timeline.dayNumber(entered))
        addInside(from: entered, to: min(exited ?? countedEnd, countedEnd))
        guard entered >= rangeStart else { return }

        let day = timeline.dayNumber(entered)
        visitsByDay[day - firstDay] += 1
        arrivals[CalendarDay.weekdayFromMonday(dayNumber: day) * 24 + timeline.hour(entered)] += 1
        if let exited {
            closed += 1
            staySum += exited - entered
            stayMinutes[min(Int((exited - entered) / 60), stayMinutes.count - 1)] += 1
            if let kind = span.exitKind { exitKinds[kind, default: 0] += 1 }
        } else {
            open += 1
        }
    }

    /// Visits a reader kept out before they got here, for their entry lies more than a day
    /// after now: counted with those `add` leaves out for the same reason.
    public mutating func leaveOut(futureVisits: Int) { future += futureVisits }

    private mutating func addInside(from entered: Double, to exited: Double) {
        let first = max(0, Int(((entered - rangeStart) / 60).rounded(.down)))
        let last = min(insideDelta.count - 1, Int(((exited - rangeStart) / 60).rounded(.down)))
        guard last > first else { return }
        insideDelta[first] += 1
        insideDelta[last] -= 1
    }

    private mutating func addToTrail(_ span: VisitSpan, day: Int) {
        guard day <= lastCountedDay else { return }
        let inPeriod = day >= firstDay
        // One lookup, and the trail changed where it lies (a copy would copy its days too).
        guard let index = trails.index(forKey: span.memberId) else {
            trails[span.memberId] = Trail(username: span.username, latestDays: [day], inPeriod: inPeriod)
            return
        }
        trails.values[index].add(day: day, username: span.username, inPeriod: inPeriod)
    }

    public func figures() -> OccupancyFigures {
        let minutes = insideDelta.count - 1
        var inside: Int32 = 0
        var peak: Int32 = 0, peakMinute: Int?
        var busySum = 0.0, busyMinutes = 0
        var slotSum = [Double](repeating: 0, count: 7 * 24), slotMinutes = [Int](repeating: 0, count: 7 * 24)
        var quarterSum = [Double](repeating: 0, count: 96), quarterMinutes = [Int](repeating: 0, count: 96)
        var dayPeak = [Int](repeating: 0, count: period.dayCount)
        for minute in 0..<minutes {
            inside += insideDelta[minute]
            let time = rangeStart + Double(minute) * 60
            let local = timeline.localSeconds(time)
            let dayNumber = Int((local / 86_400).rounded(.down))
            let minuteOfDay = Int((local - Double(dayNumber) * 86_400) / 60)
            let slot = CalendarDay.weekdayFromMonday(dayNumber: dayNumber) * 24 + minuteOfDay / 60
            let count = Double(inside)
            slotSum[slot] += count
            slotMinutes[slot] += 1
            quarterSum[minuteOfDay / 15] += count
            quarterMinutes[minuteOfDay / 15] += 1
            if inside > 0 { busySum += count; busyMinutes += 1 }
            if inside > peak { peak = inside; peakMinute = minute }
            let dayIndex = dayNumber - firstDay
            if dayPeak.indices.contains(dayIndex) { dayPeak[dayIndex] = max(dayPeak[dayIndex], Int(inside)) }
        }
        let averageInside = (0..<7).map { weekday in
            (0..<24).map { hour in
                let slot = weekday * 24 + hour
                return slotMinutes[slot] == 0 ? 0 : slotSum[slot] / Double(slotMinutes[slot])
            }
        }
        let busiest = (0..<(7 * 24))
            .map { OccupancyFigures.BusyHour(weekday: $0 / 24, hour: $0 % 24, averageInside: averageInside[$0 / 24][$0 % 24]) }
            .filter { $0.averageInside > 0 }
            .sorted { $0.averageInside > $1.averageInside }
            .prefix(5)
        let lapsed = trails.compactMap { memberId, trail -> OccupancyFigures.LapsedMember? in
            guard let stopped = LapsedMemberRule.stoppedOn(latestDays: trail.latestDays),
                  stopped >= firstDay, stopped <= lastCountedDay else { return nil }
            return .init(memberId: memberId, username: trail.username, lastVisit: CalendarDay(dayNumber: trail.latestDays[0]))
        }.sorted { ($0.lastVisit, $1.username, $1.memberId) > ($1.lastVisit, $0.username, $0.memberId) }
        return OccupancyFigures(
            period: period,
            now: now,
            days: period.days.enumerated().map { .init(day: $1, visits: visitsByDay[$0], peakInside: dayPeak[$0]) },
            visits: visitsByDay.reduce(0, +),
            members: trails.values.reduce(0) { $0 + ($1.inPeriod ? 1 : 0) },
            arrivals: (0..<7).map { Array(arrivals[($0 * 24)..<($0 * 24 + 24)]) },
            averageInside: averageInside,
            typicalDay: (0..<96).map { quarterMinutes[$0] == 0 ? 0 : quarterSum[$0] / Double(quarterMinutes[$0]) },
            averageOccupancy: busyMinutes == 0 ? 0 : busySum / Double(busyMinutes),
            peakOccupancy: Int(peak),
            peakAt: peakMinute.map { Date(timeIntervalSince1970: rangeStart + Double($0) * 60) },
            closedVisits: closed,
            openVisits: open,
            averageStay: closed == 0 ? nil : staySum / Double(closed),
            medianStay: medianStay(),
            stayHistogram: stayHistogram(),
            exitKinds: exitKinds,
            busiestHours: Array(busiest),
            lapsed: lapsed,
            futureVisitsIgnored: future
        )
    }

    private func medianStay() -> TimeInterval? {
        guard closed > 0 else { return nil }
        var seen = 0
        for (minute, count) in stayMinutes.enumerated() {
            seen += count
            if seen * 2 >= closed { return Double(minute) * 60 }
        }
        return nil
    }

    private func stayHistogram() -> [Int] {
        var buckets = [Int](repeating: 0, count: OccupancyFigures.stayBuckets)
        for (minute, count) in stayMinutes.enumerated() {
            buckets[min(minute / OccupancyFigures.stayBucketMinutes, buckets.count - 1)] += count
        }
        return buckets
    }
}
