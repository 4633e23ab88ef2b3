/// The report's holds section: members frozen today (`data-figure="members-frozen"`) and each
/// hold that touches the period, with its days and reason.
enum ReportHoldsSection {
    static func html(_ holds: HoldFigures) -> String {
        var html = "<section class=\"card\">\n<h2>Holds</h2>\n"
        html += "<p class=\"apart\"><span class=\"count\" data-figure=\"members-frozen\">\(ReportText.integer(holds.frozenToday))</span> "
            + "\(holds.frozenToday == 1 ? "member" : "members") frozen today (a household head's hold keeps its household out too).</p>\n"
        guard !holds.rows.isEmpty else { return html + "<p class=\"empty\">No holds in this period.</p>\n</section>\n" }
        html += "<table class=\"lapsed\">\n<thead><tr><th>Member</th><th>From</th><th>Until</th><th>Days</th><th>Reason</th></tr></thead>\n<tbody>\n"
        for row in holds.rows {
            let reason = (row.hold.reason ?? "") + (row.hold.headOnly ? (row.hold.reason == nil ? "" : "; ") + "the head alone" : "")
            html += "<tr data-figure=\"hold\"><td>\(ReportText.escape(row.name))</td><td>\(ReportText.day(row.hold.from))</td>"
                + "<td>\(ReportText.day(row.hold.until))</td><td class=\"num\">\(ReportText.integer(row.hold.days))</td>"
                + "<td>\(ReportText.escape(reason))</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n</section>\n"
    }
}
