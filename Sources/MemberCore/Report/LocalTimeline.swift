import Foundation

/// Maps instants to local days and hours in one time zone over a span of time, by the zone's
/// offsets between its transitions: no Calendar call per visit (a year's report reads millions).
public struct LocalTimeline: Sendable {
    package let timeZone: TimeZone
    /// (instant in seconds since 1970, the offset in force from it), sorted by instant.
    private let offsets: [(start: Double, offset: Int)]

    public init(timeZone: TimeZone, from start: Date, to end: Date) {
        self.timeZone = timeZone
        var offsets = [(start: -Double.infinity, offset: timeZone.secondsFromGMT(for: start.addingTimeInterval(-2 * 86_400)))]
        var cursor = start.addingTimeInterval(-2 * 86_400)
        let limit = end.addingTimeInterval(2 * 86_400)
        while let next = timeZone.nextDaylightSavingTimeTransition(after: cursor), next < limit, next > cursor {
            offsets.append((next.timeIntervalSince1970, timeZone.secondsFromGMT(for: next)))
            cursor = next
        }
        self.offsets = offsets
    }

    /// Seconds east of UTC at an instant.
    package func offset(at seconds: Double) -> Int {
        var low = 0, high = offsets.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if offsets[middle].start <= seconds { low = middle } else { high = middle - 1 }
        }
        return offsets[low].offset
    }

    /// Local seconds since 1970-01-01 00:00 local.
    @inline(__always) func localSeconds(_ seconds: Double) -> Double { seconds + Double(offset(at: seconds)) }

    /// The local day number (days since 1970-01-01) of an instant.
    public func dayNumber(_ seconds: Double) -> Int { Int((localSeconds(seconds) / 86_400).rounded(.down)) }

    /// The local hour of the day (0…23) of an instant.
    package func hour(_ seconds: Double) -> Int {
        let local = localSeconds(seconds)
        return Int((local - (local / 86_400).rounded(.down) * 86_400) / 3600)
    }

    /// The instant a local day begins (the first instant whose local time is on or after its midnight).
    public func start(of day: CalendarDay) -> Date {
        let midnight = Double(day.dayNumber) * 86_400
        var guess = midnight - Double(offset(at: midnight))
        guess = midnight - Double(offset(at: guess))
        return Date(timeIntervalSince1970: guess)
    }
}
