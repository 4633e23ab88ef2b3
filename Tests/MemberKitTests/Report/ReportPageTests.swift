import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

/// The report's HTML: its figures, its escaping, and nothing fetched or run.
@Suite struct ReportPageTests {
    static func figure(_ key: String, in html: String) -> String? {
        guard let start = html.range(of: "data-figure=\"\(key)\">") else { return nil }
        return String(html[start.upperBound...].prefix { $0 != "<" })
    }

    @Test func theFixedWeekShowsItsNumbers() {
        let figures = OccupancyFigures.compute(OccupancyFiguresTests.week, period: OccupancyFiguresTests.weekPeriod,
                                               now: OccupancyFiguresTests.at("2026-03-09T00:00:00Z"))
        let html = ReportPage.render(figures, clubName: "Riverside")
        #expect(Self.figure("visits", in: html) == "4")
        #expect(Self.figure("members", in: html) == "3")
        // C's stay was closed by rule: shown apart, not in the average.
        #expect(Self.figure("average-stay", in: html) == "1 h")
        #expect(Self.figure("closed-by-rule", in: html) == "1")
        #expect(Self.figure("peak-occupancy", in: html) == "3")
        #expect(Self.figure("average-occupancy", in: html) == "1.3")
        #expect(Self.figure("stopped-coming", in: html) == "0")
        #expect(html.contains("median 1 h"))
        #expect(html.contains("Mon 2 Mar 2026, 10:45"))
        #expect(html.contains("<h1>2 Mar 2026 – 8 Mar 2026</h1>"))
        #expect(html.contains("Monday 10:00–11:00"))
        #expect(html.contains("Mon 2 Mar 2026: 3 visits, at most 3 inside"))
        #expect(html.contains("for the 3 visits whose exit was tapped or made by staff (2 by a tap, 1 by staff)"))
        #expect(html.contains("closed by rule, not by an exit, and are left out of the stays above: 1 at closing time or after the longest stay."))
    }

    @Test func memberNamesAreEscaped() throws {
        let hostile = "<script>alert(1)</script> & \"Bo\" 'O'Neil'"
        let period = try ReportPeriod(from: "2026-02-01", to: "2026-02-28", timeZone: OccupancyFiguresTests.utc)
        let spans = ["2026-01-05", "2026-01-08", "2026-01-12", "2026-01-15"].map {
            OccupancyFiguresTests.span("H", "\($0)T18:00:00Z", "\($0)T19:00:00Z", name: hostile)
        }
        let html = ReportPage.render(OccupancyFigures.compute(spans, period: period, now: OccupancyFiguresTests.at("2026-03-01T00:00:00Z")),
                                     clubName: "<b>Club</b>")
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Bo&quot; &#39;O&#39;Neil&#39;"))
        #expect(!html.contains("<script") && !html.contains("<b>Club"))
        #expect(Self.figure("stopped-coming", in: html) == "1")
    }

    @Test func thePageFetchesNothingAndRunsNothing() {
        let spans = DemoVisits.spans(from: CalendarDay(parsing: "2026-01-01")!, days: 90, members: 60)
        let period = try! ReportPeriod(from: "2026-01-01", to: "2026-03-31", timeZone: OccupancyFiguresTests.utc)
        let html = ReportPage.render(OccupancyFigures.compute(spans, period: period, now: OccupancyFiguresTests.at("2026-04-01T00:00:00Z")))
        for forbidden in ["<script", "src=", "href=", "@import", "url(", "<link", "<iframe", "javascript:"] {
            #expect(!html.contains(forbidden), "the page holds \(forbidden)")
        }
        // The only address is SVG's namespace, which is a name, not a fetch.
        #expect(html.components(separatedBy: "http").count - 1 == html.components(separatedBy: "xmlns=\"http://www.w3.org/2000/svg\"").count - 1)
    }

    @Test func formats() {
        #expect(ReportText.integer(1_234_567) == "1,234,567" && ReportText.integer(-12) == "-12" && ReportText.integer(0) == "0")
        #expect(ReportText.decimal(1.25) == "1.3" && ReportText.decimal(0) == "0.0" && ReportText.decimal(1234.5) == "1,234.5")
        #expect(ReportText.duration(85 * 60) == "1 h 25 min" && ReportText.duration(45 * 60) == "45 min" && ReportText.duration(7200) == "2 h")
        #expect(ReportCharts.heatColour(0) == "#f1f5f9" && ReportCharts.heatColour(1) == "#134e4a")
    }
}
