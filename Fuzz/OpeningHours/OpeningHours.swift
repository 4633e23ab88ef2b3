import Foundation
import MemberKit

/// The hours' parsers (`HoursParser`: a day of `[hours]`, a closed day, a plan's `access`), fed
/// any bytes: never a crash; what parses writes back to text that parses to the same; a day's
/// ranges are in order and inside the day; and the model answers for what parsed, in a zone with
/// a DST change.
nonisolated(unsafe) let berlin: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
    return calendar
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)

    if let ranges = try? HoursParser.day(text) {
        for (index, range) in ranges.enumerated() {
            precondition(0 <= range.start && range.start < range.end && range.end <= 1440, "a range outside the day: \(text)")
            if index > 0 { precondition(ranges[index - 1].end <= range.start, "ranges out of order: \(text)") }
        }
        let written = ranges.isEmpty ? "closed" : ranges.map(\.written).joined(separator: ",")
        precondition((try? HoursParser.day(written)) == ranges, "day round trip: \(text)")
    }
    if let day = try? HoursParser.closedDay(text) {
        precondition((try? HoursParser.closedDay(day.description)) == day, "closed day round trip: \(text)")
    }
    if let windows = try? HoursParser.access(text) {
        precondition((try? HoursParser.access(windows.written)) == windows || windows == .closed, "access round trip: \(text)")
        // The model on what parsed: a Monday in the spring change's week, from 00:00 UTC.
        let hours = OpeningHours(weekly: windows)
        let time = 1_774_828_800.0 + Double(size % 48) * 1800
        _ = hours.isOpen(at: time, calendar: berlin)
        if let opening = hours.opening(atOrAfter: time, calendar: berlin) {
            precondition(opening >= time && hours.isOpen(at: opening, calendar: berlin), "next opening is not open: \(text)")
            if let closing = hours.closing(ofOpeningAt: opening, calendar: berlin) { precondition(closing > opening, "closes before it opens: \(text)") }
        }
    }
    return 0
}
