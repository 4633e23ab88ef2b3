@testable import DeskUI
import Foundation
import MemberKit
import TerminalColumns
import Testing

/// The clock and the log's times come from localtime_r: they must read exactly as the
/// DateFormatter they replaced, in the machine's zone (TZ), across midnights and a year end.
@Suite struct RelativeTimeTests {
    let times: [Double] = [
        0.5, 1_767_225_599.999, 1_767_225_600, 1_774_746_000, 1_774_749_599, 1_792_889_999, 1_792_893_600,
        1_800_000_000.75, 4_102_444_799, 946_684_800, 1_767_254_409,
    ]

    func formatted(_ time: Double, _ format: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = format
        return formatter.string(from: Date(timeIntervalSince1970: time))
    }

    @Test func theClockReadsAsDateFormatterDoes() {
        for time in times {
            #expect(RelativeTime.clock(Date(timeIntervalSince1970: time)) == formatted(time, "HH:mm:ss"), "at \(time)")
            #expect(RelativeTime.clock(Date(timeIntervalSince1970: time), seconds: false) == formatted(time, "HH:mm"), "at \(time)")
        }
    }

    @Test func theDayReadsAsDateFormatterDoes() {
        for time in times {
            #expect(RelativeTime.day(time) == formatted(time, "yyyy-MM-dd HH:mm"), "at \(time)")
        }
        #expect(RelativeTime.day(0) == "-")
    }

    @Test func printableASCIITakesOneColumnAndControlsNone() {
        for value in UInt32(0x20)..<0x7F {
            #expect(TextWidth.of(Unicode.Scalar(value)!) == 1)
        }
        #expect(TextWidth.of(Unicode.Scalar(0x7F)!) == 0)
        #expect(TextWidth.of("\u{1B}[31m") == 4)
        var grid = CellGrid(width: 10, height: 1)
        _ = grid.put("a\u{7}b", x: 0, y: 0)
        #expect(grid.text(row: 0).hasPrefix("a\u{FFFD}b"))
    }
}
