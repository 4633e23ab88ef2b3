import Foundation

/// `ReportDay`'s stored form: a version byte, then unsigned LEB128 varints (signed ones
/// zig-zagged), sorted lists delta-coded. A blob that does not decode whole and consistent is
/// nil: the report treats it as a day not cached, never as figures.
package enum ReportDayCoding {
    static let version: UInt8 = 3  // 2: the `reentry` exit kind; stays ended by rule left out. 3: guests
    /// No count in a day comes near this; a larger one is a corrupt blob.
    static let countLimit = 1 << 31
    /// The exit kinds by their place in this list; a new kind goes at the end, with a new version.
    static let exitKinds: [VisitSpan.ExitKind] = [.tap, .staff, .auto, .reentry]

    package static func encode(_ day: ReportDay) -> [UInt8] {
        var out: [UInt8] = [version]
        out.reserveCapacity(64 + day.members.count * 2 + day.insideDeltas.count * 3)
        func put(_ value: UInt64) {
            var value = value
            while value >= 0x80 { out.append(UInt8(value & 0x7F) | 0x80); value >>= 7 }
            out.append(UInt8(value))
        }
        func put(_ value: Int) { put(UInt64(bitPattern: Int64(value))) }
        func putSigned(_ value: Int) { put(UInt64(bitPattern: Int64((value << 1) ^ (value >> 63)))) }
        putSigned(day.day)
        put(day.visits); put(day.open); put(day.closed)
        put(day.staySum.bitPattern)
        put(day.guests); put(day.openGuests)
        for count in day.arrivals { put(count) }
        for kind in exitKinds { put(day.exitKinds[kind] ?? 0) }
        put(day.stayMinutes.count)
        var previous = 0
        for stay in day.stayMinutes { put(stay.minute - previous); put(stay.count); previous = stay.minute }
        put(day.insideDeltas.count)
        previous = day.insideDeltas.first?.minute ?? 0
        putSigned(previous)
        for delta in day.insideDeltas { put(delta.minute - previous); putSigned(delta.delta); previous = delta.minute }
        put(day.members.count)
        previous = 0
        for member in day.members { put(member - previous); previous = member }
        return out
    }

    package static func decode(_ bytes: [UInt8]) -> ReportDay? {
        var reader = Reader(bytes: bytes)
        return reader.day()
    }

    private struct Reader {
        let bytes: [UInt8]
        var at = 0

        mutating func raw() -> UInt64? {
            var value: UInt64 = 0, shift: UInt64 = 0
            while at < bytes.count, shift < 64 {
                let byte = bytes[at]
                at += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
            return nil
        }

        /// A count: 0 ..< countLimit.
        mutating func count() -> Int? {
            guard let value = raw(), value < UInt64(ReportDayCoding.countLimit) else { return nil }
            return Int(value)
        }

        mutating func signed() -> Int? {
            guard let value = raw() else { return nil }
            return Int(Int64(bitPattern: (value >> 1) ^ (0 &- (value & 1))))
        }

        /// A list's length, which cannot exceed the bytes left (each entry takes at least one).
        mutating func length() -> Int? {
            guard let value = count(), value <= bytes.count - at else { return nil }
            return value
        }

        mutating func day() -> ReportDay? {
            guard bytes.first == ReportDayCoding.version else { return nil }
            at = 1
            guard let number = signed(), abs(number) < 10_000_000 else { return nil }
            var day = ReportDay(day: number)
            guard let visits = count(), let open = count(), let closed = count(), open + closed == visits,
                  let sum = raw() else { return nil }
            day.visits = visits; day.open = open; day.closed = closed
            guard let guests = count(), let openGuests = count(), openGuests <= guests,
                  guests <= visits * VisitEvent.maximumGuests else { return nil }
            day.guests = guests; day.openGuests = openGuests
            day.staySum = Double(bitPattern: sum)
            guard day.staySum.isFinite, day.staySum >= 0 else { return nil }
            var arrived = 0
            for hour in 0..<24 {
                guard let count = count() else { return nil }
                day.arrivals[hour] = count
                arrived += count
            }
            guard arrived == visits else { return nil }
            var exits = 0
            for kind in ReportDayCoding.exitKinds {
                guard let count = count() else { return nil }
                if count > 0 { day.exitKinds[kind] = count }
                exits += count
            }
            // Only the stays a person ended are measured.
            let measured = closed - day.closedByRule
            guard exits <= closed, let stayCount = length() else { return nil }
            var minute = 0, stays = 0
            for index in 0..<stayCount {
                guard let gap = count(), index == 0 || gap > 0, let count = count(), count > 0 else { return nil }
                minute += gap
                stays += count
                guard minute <= ReportDay.stayMinuteCap, stays <= measured else { return nil }
                day.stayMinutes.append(.init(minute: minute, count: count))
            }
            guard stays == measured, let deltaCount = length(), let first = signed() else { return nil }
            // Each minute's delta lies within ±(visits + guests), and they sum to the open visits' +1s and their guests'.
            minute = first
            var total = 0
            for index in 0..<deltaCount {
                guard let gap = count(), index == 0 ? gap == 0 : gap > 0, let delta = signed(), delta != 0, abs(delta) <= visits + guests else { return nil }
                let (next, overflow) = minute.addingReportingOverflow(gap)
                guard !overflow else { return nil }
                minute = next
                total += delta
                day.insideDeltas.append(.init(minute: minute, delta: delta))
            }
            guard total == open + openGuests, let memberCount = length(), memberCount <= visits, (memberCount == 0) == (visits == 0) else { return nil }
            var member = 0
            for _ in 0..<memberCount {
                guard let gap = count(), gap > 0 else { return nil }
                member += gap
                guard member < ReportDayCoding.countLimit else { return nil }
                day.members.append(member)
            }
            guard at == bytes.count else { return nil }
            return day
        }
    }
}
