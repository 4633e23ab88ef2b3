import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

/// `memberdesk report` through the built binary on a real database, opened in real headless
/// Chromium: the page is drawn and says nothing on the console.
@Suite(.serialized) struct ReportEndToEndTests {
    /// Six weeks of a club's visits, checked in and out through `Club` at their own times.
    static func seed(_ desk: DeskBinary) throws -> Int {
        try FileManager.default.createDirectory(atPath: (desk.databasePath as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        let database = try AppDatabase.open(path: desk.databasePath)
        let club = Club(database: database, terminal: try database.terminalIdentity(name: "front"),
                        settings: ClubSettings(debounce: 0))
        let spans = DemoVisits.spans(from: CalendarDay(parsing: "2026-08-20")!, days: 42, members: 40)
        for name in Set(spans.map(\.memberId)).sorted() { try club.addMember(passId: name, username: name) }
        for span in spans {
            _ = try club.checkIn(passId: span.memberId, source: .nfc, at: span.entered)
            if let exited = span.exited { _ = try club.checkOut(passId: span.memberId, at: exited) }
        }
        return spans.filter { $0.entered >= ISO8601DateFormatter().date(from: "2026-09-01T00:00:00Z")! }.count
    }

    @Test func theBinarysReportRendersInChromium() throws {
        var desk = try DeskBinary()
        desk.extraEnvironment["TZ"] = "UTC"  // the days the test counts in
        let visits = try Self.seed(desk)
        try #require(visits > 300)
        let out = desk.home.path + "/report.html"
        let result = try desk.run(["report", "--from", "2026-09-01", "--to", "2026-09-30", "--out", out])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Wrote \(out): 1 Sep 2026 – 30 Sep 2026, \(CountText.of(visits, "visit")) by "))
        let html = try String(contentsOfFile: out, encoding: .utf8)
        #expect(html.contains("data-figure=\"visits\">\(ReportText.integer(visits))<"))

        let render = try HeadlessChromium.render(file: out)
        #expect(render.consoleLines.isEmpty, "console: \(render.consoleLines)")
        let ink = render.screenshot.ink
        #expect(ink.share > 0.10, "only \(ink.share) of the page is drawn")
        #expect(ink.colours > 200, "only \(ink.colours) colours")
        #expect(ink.teal > 20_000, "only \(ink.teal) teal pixels: the charts did not draw")
    }
}
