import Foundation

/// The report as one self-contained HTML page: inline CSS and SVG, no script, no fonts or
/// images to fetch. Pure: figures in, text out. Key figures carry `data-figure` for tests.
public enum ReportPage {
    /// How many stopped-coming members are listed; the rest are counted.
    static let lapsedShown = 100

    public static func render(_ figures: OccupancyFigures, clubName: String? = nil, holds: HoldFigures? = nil,
                              sales: SalesFigures? = nil) -> String {
        let period = figures.period
        let timeline = LocalTimeline(timeZone: period.timeZone, from: figures.now.addingTimeInterval(-86_400 * 2),
                                     to: figures.now.addingTimeInterval(86_400 * 2))
        let rangeTimeline = LocalTimeline(timeZone: period.timeZone, from: Date(timeIntervalSince1970: Double(period.from.dayNumber - 2) * 86_400),
                                          to: Date(timeIntervalSince1970: Double(period.to.dayNumber + 3) * 86_400))
        let heading = "\(ReportText.shortDay(period.from)) – \(ReportText.shortDay(period.to))"
        var html = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Visits · \(ReportText.escape(heading))</title>
        <style>\(style)</style>
        </head>
        <body>
        <main>
        <header>
        <p class="eyebrow">\(ReportText.escape(clubName.map { "\($0) · " } ?? ""))Visits report</p>
        <h1>\(ReportText.escape(heading))</h1>
        <p class="sub">\(ReportText.integer(period.dayCount)) \(period.dayCount == 1 ? "day" : "days") · times in \(ReportText.escape(period.timeZone.identifier)) · made \(ReportText.escape(ReportText.moment(figures.now, timeline)))</p>
        </header>

        """
        if figures.futureVisitsIgnored > 0 {
            html += "<p class=\"warning\" data-figure=\"future-ignored\">\(ReportText.integer(figures.futureVisitsIgnored)) \(figures.futureVisitsIgnored == 1 ? "visit" : "visits") dated more than a day after now were left out (a desk's clock, or a bad sync file).</p>\n"
        }
        html += kpis(figures, rangeTimeline)
        html += section("Visits per day", note: period.dayCount > 1 ? "Each bar is a day's entries; weekends are lighter." : nil, body: visitsPerDay(figures))
        html += section("When people are in",
                        note: "The average number inside, by weekday and hour. Hover a cell for arrivals.",
                        body: heatMap(figures))
        html += section("A typical day", note: "The average number inside through the day, by quarter hour, over every day of the period.",
                        body: ReportCharts.dayCurve(figures.typicalDay, title: "Average number inside through the day"))
        html += "<div class=\"pair\">\n"
        html += section("Busiest hours", note: "The weekday hours with the most people inside on average.", body: busiestHours(figures))
        html += section("How long people stay", note: stayNote(figures), body: stayChart(figures) + closedByRule(figures))
        html += "</div>\n"
        html += section("Stopped coming", note: lapsedNote, body: lapsedTable(figures))
        if let holds { html += ReportHoldsSection.html(holds) }
        if let sales { html += ReportSalesSection.html(sales) }
        html += """
        <footer>
        <p><b>Visit</b>: an entry. <b>Occupancy</b>: the number inside, counted each minute from entries and exits; a visit with no exit is closed by rule (at closing time or after the longest stay, or by the member's next entry: one person is inside at most once), and counts as inside until then. <b>Average occupancy</b>: the mean number inside over the minutes when anyone was in. <b>Stay</b>: from entry to exit, for visits whose exit was tapped or made by staff; stays closed by rule are counted apart.</p>
        <p>Made by memberdesk from this desk's visits as far as sync had carried them.</p>
        </footer>
        </main>
        </body>
        </html>

        """
        return html
    }

    static let lapsedNote = "Regulars — at least \(LapsedMemberRule.regularDays) days with a visit within the \(LapsedMemberRule.windowDays) days up to their last visit — who have not been back for \(LapsedMemberRule.quietDays) days, the 30th of which fell in this period."

    private static func kpis(_ figures: OccupancyFigures, _ timeline: LocalTimeline) -> String {
        let perDay = Double(figures.visits) / Double(max(1, figures.days.count))
        let cards: [(String, String, String, String)] = [
            ("visits", "Visits", ReportText.integer(figures.visits), "\(ReportText.decimal(perDay)) a day"
                + (figures.guests > 0 ? " · \(ReportText.integer(figures.guests)) \(figures.guests == 1 ? "guest" : "guests")" : "")),
            ("members", "Members", ReportText.integer(figures.members), "came at least once"),
            ("average-stay", "Average stay", figures.averageStay.map(ReportText.duration) ?? "—",
             figures.medianStay.map { "median " + ReportText.duration($0) } ?? "no exits tapped yet"),
            ("peak-occupancy", "Peak occupancy", ReportText.integer(figures.peakOccupancy),
             figures.peakAt.map { ReportText.moment($0, timeline) } ?? "nobody inside"),
            ("average-occupancy", "Average occupancy", ReportText.decimal(figures.averageOccupancy), "while anyone was in"),
            ("stopped-coming", "Stopped coming", ReportText.integer(figures.lapsed.count), "regulars away \(LapsedMemberRule.quietDays) days"),
        ]
        var html = "<section class=\"kpis\">\n"
        for (key, label, value, detail) in cards {
            html += "<div class=\"kpi\"><div class=\"label\">\(label)</div><div class=\"value\" data-figure=\"\(key)\">\(ReportText.escape(value))</div><div class=\"detail\">\(ReportText.escape(detail))</div></div>\n"
        }
        return html + "</section>\n"
    }

    private static func section(_ title: String, note: String?, body: String) -> String {
        "<section class=\"card\">\n<h2>\(ReportText.escape(title))</h2>\n"
            + (note.map { "<p class=\"note\">\(ReportText.escape($0))</p>\n" } ?? "") + body + "\n</section>\n"
    }

    private static func visitsPerDay(_ figures: OccupancyFigures) -> String {
        let many = figures.days.count > 45
        let bars = figures.days.enumerated().map { index, day -> ReportCharts.Bar in
            let label: String?
            if many {
                label = day.day.day == 1 || index == 0 ? ReportText.months[day.day.month - 1] : nil
            } else {
                label = figures.days.count > 16 && index % 2 == 1 ? nil : String(day.day.day)
            }
            return ReportCharts.Bar(value: Double(day.visits), label: label,
                                    tooltip: "\(ReportText.day(day.day)): \(ReportText.integer(day.visits)) visits, at most \(day.peakInside) inside",
                                    muted: day.day.weekdayFromMonday >= 5)
        }
        return ReportCharts.bars(bars, title: "Visits per day")
    }

    private static func heatMap(_ figures: OccupancyFigures) -> String {
        let tooltips = (0..<7).map { weekday in
            (0..<24).map { hour in
                "\(ReportText.weekdayNames[weekday]) \(ReportText.hour(hour))–\(ReportText.hour(hour + 1)): \(ReportText.decimal(figures.averageInside[weekday][hour])) inside on average, \(ReportText.integer(figures.arrivals[weekday][hour])) arrivals"
            }
        }
        return ReportCharts.heatMap(figures.averageInside, tooltips: tooltips, title: "Average number inside by weekday and hour")
    }

    private static func busiestHours(_ figures: OccupancyFigures) -> String {
        guard let top = figures.busiestHours.first else { return "<p class=\"empty\">Nobody was inside in this period.</p>" }
        var html = "<ol class=\"busiest\">\n"
        for busy in figures.busiestHours {
            let share = busy.averageInside / max(top.averageInside, 0.001) * 100
            html += "<li><span class=\"when\">\(ReportText.weekdays[busy.weekday]) \(ReportText.hour(busy.hour))–\(ReportText.hour(busy.hour + 1))</span>"
                + "<span class=\"meter\"><span style=\"width:\(ReportCharts.f(share))%\"></span></span>"
                + "<span class=\"num\" data-figure=\"busy-hour\">\(ReportText.decimal(busy.averageInside))</span></li>\n"
        }
        return html + "</ol>"
    }

    private static func stayNote(_ figures: OccupancyFigures) -> String {
        let measured = figures.closedVisits - figures.closedByRule
        var parts = ["From entry to exit, for the \(CountText.of(measured, "visit")) whose exit was tapped or made by staff"]
        let kinds = VisitSpan.ExitKind.allCases.filter { !VisitEndRule.closedByRule($0) }.compactMap { kind in
            figures.exitKinds[kind].map { "\(ReportText.integer($0)) by \(kind == .tap ? "a tap" : "staff")" }
        }
        if !kinds.isEmpty { parts[0] += " (" + kinds.joined(separator: ", ") + ")" }
        if figures.openVisits > 0 { parts.append("\(ReportText.integer(figures.openVisits)) still open") }
        return parts.joined(separator: "; ") + "."
    }

    /// The stays nobody saw end, apart from the measured ones: how many, and what ended them.
    private static func closedByRule(_ figures: OccupancyFigures) -> String {
        let count = figures.closedByRule
        var html = "<p class=\"apart\"><span class=\"count\" data-figure=\"closed-by-rule\">\(ReportText.integer(count))</span> "
        html += count == 1 ? "stay was" : "stays were"
        html += " closed by rule, not by an exit, and are left out of the stays above"
        let reasons = [(VisitSpan.ExitKind.auto, "at closing time or after the longest stay"), (.reentry, "by the member's next entry")]
            .compactMap { kind, words in figures.exitKinds[kind].map { "\(ReportText.integer($0)) \(words)" } }
        if !reasons.isEmpty { html += ": " + ReportText.escape(reasons.joined(separator: ", ")) }
        return html + ".</p>"
    }

    private static func stayChart(_ figures: OccupancyFigures) -> String {
        let width = OccupancyFigures.stayBucketMinutes
        let bars = figures.stayHistogram.enumerated().map { index, count -> ReportCharts.Bar in
            let from = index * width, last = index == figures.stayHistogram.count - 1
            let label = from % 60 == 0 ? "\(from / 60) h" + (last ? "+" : "") : nil
            let range = last ? "\(ReportText.duration(Double(from * 60))) or more"
                : "\(ReportText.duration(Double(from * 60)))–\(ReportText.duration(Double((from + width) * 60)))"
            return ReportCharts.Bar(value: Double(count), label: label, tooltip: "\(range): \(ReportText.integer(count)) visits")
        }
        return ReportCharts.bars(bars, width: 460, height: 220, title: "Visits by length of stay")
    }

    private static func lapsedTable(_ figures: OccupancyFigures) -> String {
        guard !figures.lapsed.isEmpty else { return "<p class=\"empty\">Nobody: every regular kept coming.</p>" }
        var html = "<table class=\"lapsed\">\n<thead><tr><th>Member</th><th>Last visit</th><th>Away</th></tr></thead>\n<tbody>\n"
        let today = min(figures.period.to.dayNumber + 1,
                        LocalTimeline(timeZone: figures.period.timeZone, from: figures.now.addingTimeInterval(-172_800), to: figures.now.addingTimeInterval(172_800))
                            .dayNumber(figures.now.timeIntervalSince1970))
        for member in figures.lapsed.prefix(lapsedShown) {
            let away = today - member.lastVisit.dayNumber
            html += "<tr><td>\(ReportText.escape(member.username.isEmpty ? member.memberId : member.username))</td><td>\(ReportText.day(member.lastVisit))</td><td class=\"num\">\(away) days</td></tr>\n"
        }
        html += "</tbody>\n</table>"
        if figures.lapsed.count > lapsedShown {
            html += "\n<p class=\"note\">… and \(ReportText.integer(figures.lapsed.count - lapsedShown)) more.</p>"
        }
        return html
    }

    static let style = """
    :root{--ink:#0f172a;--soft:#475569;--faint:#94a3b8;--line:#e2e8f0;--bg:#f8fafc;--accent:#0d9488;--accent2:#5eead4}
    *{box-sizing:border-box}
    body{margin:0;background:var(--bg);color:var(--ink);font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
    main{max-width:1040px;margin:0 auto;padding:40px 28px 56px}
    header{margin-bottom:24px}
    .eyebrow{margin:0;color:var(--accent);font-weight:600;letter-spacing:.08em;text-transform:uppercase;font-size:12px}
    h1{margin:4px 0 2px;font-size:34px;letter-spacing:-.02em}
    .sub{margin:0;color:var(--soft)}
    h2{margin:0 0 2px;font-size:18px}
    .note{margin:0 0 14px;color:var(--soft);font-size:13px}
    .warning{background:#fef3c7;border:1px solid #f59e0b;border-radius:10px;padding:10px 14px;margin:0 0 20px}
    .kpis{display:grid;grid-template-columns:repeat(3,1fr);gap:14px;margin-bottom:18px}
    .kpi{background:#fff;border:1px solid var(--line);border-radius:14px;padding:16px 18px;box-shadow:0 1px 2px rgba(15,23,42,.04)}
    .kpi .label{color:var(--soft);font-size:13px;font-weight:600}
    .kpi .value{font-size:32px;font-weight:700;letter-spacing:-.02em;font-variant-numeric:tabular-nums;color:var(--ink)}
    .kpi .detail{color:var(--faint);font-size:13px}
    .card{background:#fff;border:1px solid var(--line);border-radius:14px;padding:18px 20px 14px;margin-bottom:18px;box-shadow:0 1px 2px rgba(15,23,42,.04)}
    .pair{display:grid;grid-template-columns:1fr 1fr;gap:18px}
    .pair .card{margin-bottom:18px}
    svg{display:block;width:100%;height:auto}
    svg .tick{font-size:11px;fill:#64748b;font-family:inherit}
    svg .cell{font-size:10.5px;font-weight:600;font-family:inherit}
    ol.busiest{list-style:none;margin:4px 0 0;padding:0;counter-reset:b;display:grid;grid-template-columns:max-content minmax(40px,1fr) max-content}
    ol.busiest li{display:grid;grid-column:1/-1;grid-template-columns:subgrid;align-items:center;gap:10px;padding:9px 0;border-bottom:1px solid var(--line);counter-increment:b}
    ol.busiest li:last-child{border-bottom:0}
    ol.busiest .when{font-weight:600;white-space:nowrap}
    ol.busiest .when::before{content:counter(b);display:inline-block;width:22px;height:22px;margin-right:8px;border-radius:11px;background:var(--accent);color:#fff;text-align:center;font-size:12px;line-height:22px}
    .meter{height:10px;background:#f1f5f9;border-radius:5px;overflow:hidden}
    .meter span{display:block;height:100%;background:linear-gradient(90deg,var(--accent2),var(--accent));border-radius:5px}
    .num{text-align:right;font-variant-numeric:tabular-nums}
    ol.busiest .num{min-width:48px}
    .apart{margin:10px 0 0;color:var(--soft);font-size:13px}
    .apart .count{font-weight:700;color:var(--ink)}
    table.lapsed{width:100%;border-collapse:collapse}
    table.lapsed th{text-align:left;color:var(--soft);font-size:12px;font-weight:600;text-transform:uppercase;letter-spacing:.05em;border-bottom:1px solid var(--line);padding:6px 8px}
    table.lapsed td{padding:7px 8px;border-bottom:1px solid var(--line)}
    table.lapsed tr:last-child td{border-bottom:0}
    .empty{color:var(--soft);font-style:italic}
    footer{color:var(--faint);font-size:12.5px;margin-top:8px}
    footer b{color:var(--soft)}
    @media (max-width:760px){.kpis{grid-template-columns:1fr 1fr}.pair{grid-template-columns:1fr}}
    @media print{body{background:#fff}.card,.kpi{box-shadow:none}}
    """
}
