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

    /// The busiest hours' labels end before their bars begin, at a width where the pair of cards
    /// is narrow: the page is drawn three times (whole, bars hidden, labels hidden), and the
    /// labels' pixels and the bars' pixels are told apart by what each hiding changed.
    @Test func theBusiestHoursLabelsNeverRunUnderTheirBars() throws {
        let scratch = try TemporaryDirectory()
        let spans = DemoVisits.spans(from: CalendarDay(parsing: "2026-08-20")!, days: 42, members: 40)
        let period = try ReportPeriod(from: "2026-09-01", to: "2026-09-30", timeZone: TimeZone(identifier: "UTC")!)
        let figures = OccupancyFigures.compute(spans, period: period, now: OccupancyFiguresTests.at("2026-10-01T08:00:00Z"))
        try #require(figures.busiestHours.count == 5)
        let page = ReportPage.render(figures)
        func shot(_ name: String, hiding selector: String?) throws -> PNGImage {
            let html = selector.map { page.replacingOccurrences(of: "</head>", with: "<style>\($0){visibility:hidden}</style></head>") } ?? page
            let file = scratch.path + "/\(name).html"
            try html.write(toFile: file, atomically: true, encoding: .utf8)
            let render = try HeadlessChromium.render(file: file, width: 800, height: 2600)
            #expect(render.consoleLines.isEmpty)
            return render.screenshot
        }
        let whole = try shot("whole", hiding: nil)
        let noBars = try shot("no-bars", hiding: "ol.busiest .meter")
        let noLabels = try shot("no-labels", hiding: "ol.busiest .when")
        /// The columns where `other` differs from the whole page.
        func columns(differing other: PNGImage) -> [Int] {
            var found = Set<Int>()
            for y in 0..<whole.height {
                for x in 0..<whole.width {
                    let i = (y * whole.width + x) * 4
                    if whole.rgba[i] != other.rgba[i] || whole.rgba[i + 1] != other.rgba[i + 1] || whole.rgba[i + 2] != other.rgba[i + 2] {
                        found.insert(x)
                    }
                }
            }
            return found.sorted()
        }
        let labels = columns(differing: noLabels), bars = columns(differing: noBars)
        let labelEnd = try #require(labels.last), barStart = try #require(bars.first)
        #expect(labelEnd < barStart, "a label runs to x = \(labelEnd), under the bars that begin at x = \(barStart)")
    }
}
