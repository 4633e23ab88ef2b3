import Foundation

/// Folds a period's visits into `OccupancyFigures`, one `ReportDay` at a time: the store hands it
/// cached days and the days it computed; visits handed in one by one (`add(_: VisitSpan)`) are
/// collected into a day of their own first, so every figure is counted in one place, from days.
package struct OccupancyAccumulator {
    private let period: ReportPeriod
    private let now: Date
    /// The local days and hours of the period and its look-back.
    package let timeline: LocalTimeline
    private let rangeStart: Double
    /// The end of the period, or now if sooner: occupancy is not counted into the future.
    package let countedEnd: Double
    /// Visits entered later than this are left out, and exits later than this not believed.
    let futureLimit: Double
    private let firstDay: Int
    private let lastCountedDay: Int
    /// The absolute minute of `insideDelta[0]`, and the last index a change may land on (now's).
    private let firstMinute: Int
    private let endIndex: Int
    /// +1 at an entry's minute, −1 at its exit's; the running sum is the number inside.
    private var insideDelta: [Int32]
    private var visitsByDay: [Int]
    private var arrivals = [Int](repeating: 0, count: 7 * 24)
    /// Closed stays by whole minutes; the last counts a day or longer.
    private var stayMinutes = [Int](repeating: 0, count: ReportDay.stayMinuteCap + 1)
    private var staySum = 0.0
    private var closed = 0
    /// Of the closed visits, those the closing rule or a next entry ended: no measured stay.
    private var closedByRule = 0
    private var open = 0
    private var guests = 0
    private var exitKinds: [VisitSpan.ExitKind: Int] = [:]
    private var future = 0
    /// The trails for `LapsedMemberRule`, by member number: each member's newest distinct visit
    /// days (`regularDays` slots, newest first), flat, for a club of a million.
    private var trailDays: [Int32] = []
    private var trailCount: [UInt8] = []
    private var trailInPeriod: [Bool] = []
    /// Visits handed in one by one, by day, with the member numbers given to their ids.
    private var spanDays: [Int: ReportDay.Builder] = [:]
    private var spanNumbers: [String: Int] = [:]
    private var spanMembers: [(memberId: String, username: String, newestDay: Int)] = []

    package init(period: ReportPeriod, now: Date) {
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
        firstMinute = ReportDay.minute(rangeStart)
        endIndex = Int(((countedEnd - rangeStart) / 60).rounded(.down))
        insideDelta = [Int32](repeating: 0, count: Int(((countedEnd - rangeStart) / 60).rounded(.up)) + 1)
        visitsByDay = [Int](repeating: 0, count: period.dayCount)
    }

    /// One visit, in any order: kept with the others of its day until `figures()`.
    package mutating func add(_ span: VisitSpan) {
        let entered = span.entered.timeIntervalSince1970
        if entered > futureLimit { future += 1; return }
        guard entered < countedEnd else { return }
        let day = timeline.dayNumber(entered)
        let number: Int
        if let known = spanNumbers[span.memberId] {
            number = known
            if day >= spanMembers[number - 1].newestDay { spanMembers[number - 1].username = span.username; spanMembers[number - 1].newestDay = day }
        } else {
            spanMembers.append((span.memberId, span.username, day))
            number = spanMembers.count
            spanNumbers[span.memberId] = number
        }
        let exited = ReportDay.believedExit(entered: entered, exited: span.exited?.timeIntervalSince1970, futureLimit: futureLimit)
        spanDays[day, default: ReportDay.Builder(day: day)].add(entered: entered, exited: exited, exitKind: span.exitKind,
                                                                hour: timeline.hour(entered), member: number, guests: span.guests,
                                                                leaving: span.guestsLeaving, futureLimit: futureLimit)
    }

    /// What the visits entered on one day contribute, each day once, in any order. The store
    /// computes a day's visits entered before `countedEnd` only (later ones count nowhere).
    package mutating func add(_ day: ReportDay) {
        // Clamped to the counted minutes: a visit wholly before the period, or entered in now's
        // minute, puts its +1 and −1 on the same index, where they cancel.
        func index(_ minute: Int) -> Int { min(endIndex, max(0, minute - firstMinute)) }
        for change in day.insideDeltas { insideDelta[index(change.minute)] += Int32(change.delta) }
        if day.open + day.openGuests > 0 { insideDelta[endIndex] -= Int32(day.open + day.openGuests) }
        if day.day <= lastCountedDay {
            for member in day.members { addToTrail(member: member, day: day.day) }
        }
        guard day.day >= firstDay, day.day - firstDay < visitsByDay.count else { return }
        visitsByDay[day.day - firstDay] += day.visits
        let weekday = CalendarDay.weekdayFromMonday(dayNumber: day.day)
        for hour in 0..<24 { arrivals[weekday * 24 + hour] += day.arrivals[hour] }
        closed += day.closed
        closedByRule += day.closedByRule
        open += day.open
        guests += day.guests
        staySum += day.staySum
        for stay in day.stayMinutes { stayMinutes[stay.minute] += stay.count }
        for (kind, count) in day.exitKinds { exitKinds[kind, default: 0] += count }
    }

    /// Visits a reader kept out before they got here, for their entry lies more than a day
    /// after now: counted with those `add` leaves out for the same reason.
    package mutating func leaveOut(futureVisits: Int) { future += futureVisits }

    /// Adds `day` to a member's newest distinct days (kept newest first, `regularDays` of them).
    private mutating func addToTrail(member: Int, day: Int) {
        let slots = LapsedMemberRule.regularDays
        if member >= trailCount.count {
            let size = max(member + 1, trailCount.count * 2)
            trailCount += [UInt8](repeating: 0, count: size - trailCount.count)
            trailInPeriod += [Bool](repeating: false, count: size - trailInPeriod.count)
            trailDays += [Int32](repeating: 0, count: size * slots - trailDays.count)
        }
        if day >= firstDay { trailInPeriod[member] = true }
        let base = member * slots, count = Int(trailCount[member]), value = Int32(day)
        var place = 0
        while place < count, trailDays[base + place] > value { place += 1 }
        if place < count, trailDays[base + place] == value { return }
        guard place < slots else { return }
        var slot = min(count, slots - 1)
        while slot > place { trailDays[base + slot] = trailDays[base + slot - 1]; slot -= 1 }
        trailDays[base + place] = value
        trailCount[member] = UInt8(min(count + 1, slots))
    }

    /// The figures, naming the lapsed members from the visits handed in one by one.
    package func figures() -> OccupancyFigures {
        figures { number in (spanMembers[number - 1].memberId, spanMembers[number - 1].username) }
    }

    /// The figures; `name` gives the member id and username of a member number (only the lapsed
    /// members the figures list are asked for).
    package func figures(naming name: (Int) throws -> (memberId: String, username: String)) rethrows -> OccupancyFigures {
        var folded = self
        for day in spanDays.keys.sorted() { folded.add(spanDays[day]!.finish()) }
        return try folded.foldedFigures(naming: name)
    }

    private func foldedFigures(naming name: (Int) throws -> (memberId: String, username: String)) rethrows -> OccupancyFigures {
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
        var lapsed: [OccupancyFigures.LapsedMember] = []
        let slots = LapsedMemberRule.regularDays
        for member in trailCount.indices where Int(trailCount[member]) >= slots {
            let latest = (0..<slots).map { Int(trailDays[member * slots + $0]) }
            guard let stopped = LapsedMemberRule.stoppedOn(latestDays: latest), stopped >= firstDay, stopped <= lastCountedDay else { continue }
            let named = try name(member)
            lapsed.append(.init(memberId: named.memberId, username: named.username, lastVisit: CalendarDay(dayNumber: latest[0])))
        }
        lapsed.sort { ($0.lastVisit, $1.username, $1.memberId) > ($1.lastVisit, $0.username, $0.memberId) }
        return OccupancyFigures(
            period: period,
            now: now,
            days: period.days.enumerated().map { .init(day: $1, visits: visitsByDay[$0], peakInside: dayPeak[$0]) },
            visits: visitsByDay.reduce(0, +),
            members: trailInPeriod.reduce(0) { $0 + ($1 ? 1 : 0) },
            arrivals: (0..<7).map { Array(arrivals[($0 * 24)..<($0 * 24 + 24)]) },
            averageInside: averageInside,
            typicalDay: (0..<96).map { quarterMinutes[$0] == 0 ? 0 : quarterSum[$0] / Double(quarterMinutes[$0]) },
            averageOccupancy: busyMinutes == 0 ? 0 : busySum / Double(busyMinutes),
            peakOccupancy: Int(peak),
            peakAt: peakMinute.map { Date(timeIntervalSince1970: rangeStart + Double($0) * 60) },
            closedVisits: closed,
            closedByRule: closedByRule,
            openVisits: open,
            averageStay: closed == closedByRule ? nil : staySum / Double(closed - closedByRule),
            medianStay: medianStay(),
            stayHistogram: stayHistogram(),
            exitKinds: exitKinds,
            busiestHours: Array(busiest),
            lapsed: lapsed,
            futureVisitsIgnored: future,
            guests: guests
        )
    }

    private func medianStay() -> TimeInterval? {
        let measured = closed - closedByRule
        guard measured > 0 else { return nil }
        var seen = 0
        for (minute, count) in stayMinutes.enumerated() {
            seen += count
            if seen * 2 >= measured { return Double(minute) * 60 }
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
