import Foundation

/// What the visits that *entered* on one local day contribute to a report, whatever the period
/// and `now`: the report caches one per past day (see `AppDatabase.reportFigures`) and
/// `OccupancyAccumulator` folds them, clipping to its period and to now as it goes.
package struct ReportDay: Sendable, Equatable {
    /// A change of the number inside at an absolute minute (seconds since 1970 / 60, rounded down).
    package struct MinuteDelta: Sendable, Equatable {
        var minute: Int
        var delta: Int
    }

    /// Closed visits that lasted `minute` whole minutes.
    package struct StayCount: Sendable, Equatable {
        var minute: Int
        package var count: Int
    }

    /// Stays of a day or longer share the last minute.
    static let stayMinuteCap = 24 * 60

    /// The local day number (days since 1970-01-01).
    package var day: Int
    var visits = 0
    /// Entries by local hour (24).
    package var arrivals = [Int](repeating: 0, count: 24)
    /// +1 at each entry's minute, −1 at each closed visit's exit minute (which may fall on a later
    /// day), summed per minute, sorted, no zeros; each guest the same, from the host's entry to
    /// the guest's leaving (on its own, else with the host). An open visit's −1 (and its guests
    /// still inside) comes at the fold (at now): people inside, not members.
    var insideDeltas: [MinuteDelta] = []
    package var open = 0
    /// The guests the day's entries brought, and those of them still inside with an open visit.
    package var guests = 0
    var openGuests = 0
    /// Visits with an exit, a person's or the closing rule's (`closedByRule` of them).
    var closed = 0
    /// The stays measured by a person's exit (a tap, staff), in seconds, summed smallest first
    /// (the same sum in any order). Stays the closing rule or a next entry ended are left out:
    /// nobody saw those members leave.
    var staySum = 0.0
    var stayMinutes: [StayCount] = []
    package var exitKinds: [VisitSpan.ExitKind: Int] = [:]
    /// The distinct member numbers (see `report_member`) who entered that day, ascending.
    package var members: [Int] = []

    package init(day: Int) { self.day = day }

    /// Visits the closing rule or the member's next entry ended (`VisitEndRule.closedByRule`).
    package var closedByRule: Int {
        exitKinds.reduce(0) { $0 + (VisitEndRule.closedByRule($1.key) ? $1.value : 0) }
    }

    /// An exit the report believes: not before its entry, not past `futureLimit` (else the visit is open).
    package static func believedExit(entered: Double, exited: Double?, futureLimit: Double) -> Double? {
        guard let exited, exited >= entered, exited <= futureLimit else { return nil }
        return exited
    }

    /// The absolute minute of an instant.
    @inline(__always) static func minute(_ seconds: Double) -> Int { Int((seconds / 60).rounded(.down)) }

    /// Collects one day's visits in any order; `finish()` sorts and sums them.
    package struct Builder: Sendable {
        private var summary: ReportDay
        private var entryMinutes: [Int] = []
        private var exitMinutes: [Int] = []
        /// Guests coming and going: (minute, +n at the entry or −n at their leaving).
        private var guestChanges: [MinuteDelta] = []
        private var stays: [Double] = []
        private var members: [Int] = []

        package init(day: Int) { summary = ReportDay(day: day) }

        /// A visit that entered on this day, at local `hour`, by member `member`; `exited` is
        /// already believed (see `believedExit`). `guests` came in with it; `leaving` are those who
        /// left on their own (their times believed as the exit's, up to `futureLimit`).
        package mutating func add(entered: Double, exited: Double?, exitKind: VisitSpan.ExitKind?, hour: Int, member: Int,
                                  guests: Int = 0, leaving: [VisitSpan.GuestsLeaving] = [], futureLimit: Double = .infinity) {
            if guests > 0 { addGuests(guests, entered: entered, exited: exited, leaving: leaving, futureLimit: futureLimit) }
            summary.visits += 1
            summary.arrivals[hour] += 1
            entryMinutes.append(ReportDay.minute(entered))
            members.append(member)
            if let exited {
                summary.closed += 1
                exitMinutes.append(ReportDay.minute(exited))
                if !VisitEndRule.closedByRule(exitKind) { stays.append(exited - entered) }
                if let exitKind { summary.exitKinds[exitKind, default: 0] += 1 }
            } else {
                summary.open += 1
            }
        }

        /// Guests inside from the host's entry until they left: on their own (a believed time
        /// within the visit), else with the host; still inside with an open visit.
        private mutating func addGuests(_ guests: Int, entered: Double, exited: Double?, leaving: [VisitSpan.GuestsLeaving],
                                        futureLimit: Double) {
            summary.guests += guests
            guestChanges.append(MinuteDelta(minute: ReportDay.minute(entered), delta: guests))
            var inside = guests
            for left in leaving where inside > 0 && left.time >= entered && left.time <= min(exited ?? futureLimit, futureLimit) {
                let count = min(inside, left.count)
                guestChanges.append(MinuteDelta(minute: ReportDay.minute(left.time), delta: -count))
                inside -= count
            }
            guard inside > 0 else { return }
            if let exited {
                guestChanges.append(MinuteDelta(minute: ReportDay.minute(exited), delta: -inside))
            } else {
                summary.openGuests += inside
            }
        }

        /// Gives the members other numbers (the store hands new ones out in member id order).
        package mutating func renumber(_ number: (Int) -> Int) {
            for index in members.indices { members[index] = number(members[index]) }
        }

        package func finish() -> ReportDay {
            var day = summary
            // Sorted and merged rather than hashed: a busy day has tens of thousands of visits.
            let entries = entryMinutes.sorted(), exits = exitMinutes.sorted()
            let guests = guestChanges.sorted { $0.minute < $1.minute }
            var e = 0, x = 0, g = 0
            while e < entries.count || x < exits.count || g < guests.count {
                let minute = min(e < entries.count ? entries[e] : .max, x < exits.count ? exits[x] : .max,
                                 g < guests.count ? guests[g].minute : .max)
                var delta = 0
                while e < entries.count, entries[e] == minute { delta += 1; e += 1 }
                while x < exits.count, exits[x] == minute { delta -= 1; x += 1 }
                while g < guests.count, guests[g].minute == minute { delta += guests[g].delta; g += 1 }
                if delta != 0 { day.insideDeltas.append(MinuteDelta(minute: minute, delta: delta)) }
            }
            var histogram = [Int](repeating: 0, count: ReportDay.stayMinuteCap + 1)
            for stay in stays.sorted() {
                day.staySum += stay
                histogram[min(Int(stay / 60), ReportDay.stayMinuteCap)] += 1
            }
            day.stayMinutes = histogram.indices.filter { histogram[$0] > 0 }.map { StayCount(minute: $0, count: histogram[$0]) }
            var distinct = members.sorted()
            var kept = 0
            for member in distinct where kept == 0 || distinct[kept - 1] != member {
                distinct[kept] = member
                kept += 1
            }
            day.members = Array(distinct.prefix(kept))
            return day
        }
    }
}
