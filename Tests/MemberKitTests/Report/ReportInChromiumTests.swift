import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

/// The report in a real browser: Debian's chromium, headless. The checks are tried on a blank
/// page and a page with a script error first, so a check that cannot fail is caught.
@Suite(.serialized) struct ReportInChromiumTests {
    @Test func theChecksTellABlankOrBrokenPage() throws {
        let scratch = try TemporaryDirectory()
        try "<!doctype html><html><body></body></html>".write(toFile: scratch.path + "/blank.html", atomically: true, encoding: .utf8)
        let blank = try HeadlessChromium.render(file: scratch.path + "/blank.html", width: 600, height: 400)
        #expect(blank.screenshot.ink.colours == 1 && blank.consoleLines.isEmpty)
        try "<!doctype html><p>x</p><script>console.error('boom'); missing();</script>".write(
            toFile: scratch.path + "/broken.html", atomically: true, encoding: .utf8)
        let broken = try HeadlessChromium.render(file: scratch.path + "/broken.html", width: 600, height: 400)
        #expect(broken.consoleLines.contains { $0.contains("boom") })
        #expect(broken.consoleLines.contains { $0.contains("Uncaught ReferenceError") })
    }

    @Test func aYearsReportRendersWithChartsAndNoConsoleErrors() throws {
        let scratch = try TemporaryDirectory()
        let spans = DemoVisits.spans(from: CalendarDay(parsing: "2025-11-01")!, days: 425, members: 300)
        let period = try ReportPeriod(from: "2026-01-01", to: "2026-12-31", timeZone: TimeZone(identifier: "UTC")!)
        let figures = OccupancyFigures.compute(spans, period: period, now: OccupancyFiguresTests.at("2027-01-01T08:00:00Z"))
        let file = scratch.path + "/report.html"
        try ReportPage.render(figures, clubName: "Riverside Climbing").write(toFile: file, atomically: true, encoding: .utf8)
        let render = try HeadlessChromium.render(file: file)
        #expect(render.consoleLines.isEmpty, "console: \(render.consoleLines)")
        #expect(render.screenshot.width == 1200 && render.screenshot.height == 2000)
        let ink = render.screenshot.ink
        #expect(ink.share > 0.10, "only \(ink.share) of the page is drawn")
        #expect(ink.colours > 200, "only \(ink.colours) colours")
        #expect(ink.teal > 20_000, "only \(ink.teal) teal pixels: the charts did not draw")
        if let keep = ProcessInfo.processInfo.environment["MEMBERDESK_KEEP_REPORT"] {
            try? FileManager.default.removeItem(atPath: keep)
            try FileManager.default.copyItem(atPath: file, toPath: keep)
        }
    }
}
