/// The report's sales section: the totals (`data-figure="sales-count"`, `sales-amount`), count and
/// amount per plan and per seller, and each day's sales by plan and seller.
enum ReportSalesSection {
    static func html(_ sales: SalesFigures) -> String {
        var html = "<section class=\"card\">\n<h2>Sales</h2>\n"
        html += "<p class=\"note\">Plans sold at the desks (members sell, members add --plan), as the record keeps them; no payment is taken here.</p>\n"
        guard !sales.sales.isEmpty else { return html + "<p class=\"empty\">No sales in this period.</p>\n</section>\n" }
        let count = sales.totals.reduce(0) { $0 + $1.tally.count }
        let amounts = sales.totals.map { amount($0.tally.amount, $0.currency) }.joined(separator: " + ")
        html += "<p class=\"apart\"><span class=\"count\" data-figure=\"sales-count\">\(ReportText.integer(count))</span> "
            + "\(count == 1 ? "sale" : "sales") for <span class=\"count\" data-figure=\"sales-amount\">\(ReportText.escape(amounts))</span>.</p>\n"
        html += "<div class=\"pair\">\n" + totalsTable("Plan", sales.byPlan, figure: "sales-plan")
            + totalsTable("Sold by", sales.bySeller.map { seller($0) }, figure: "sales-seller") + "</div>\n"
        html += "<table class=\"lapsed\">\n<thead><tr><th>Day</th><th>Plan</th><th>Sold by</th><th>Sales</th><th>Amount</th></tr></thead>\n<tbody>\n"
        for row in sales.rows {
            html += "<tr><td>\(ReportText.day(row.day))</td><td>\(ReportText.escape(row.plan))</td><td>\(ReportText.escape(sellerName(row.seller)))</td>"
                + "<td class=\"num\">\(ReportText.integer(row.tally.count))</td><td class=\"num\">\(ReportText.escape(amount(row.tally.amount, row.currency)))</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n</section>\n"
    }

    private static func totalsTable(_ heading: String, _ totals: [SalesFigures.Total], figure: String) -> String {
        var html = "<table class=\"lapsed\">\n<thead><tr><th>\(heading)</th><th>Sales</th><th>Amount</th></tr></thead>\n<tbody>\n"
        for total in totals {
            html += "<tr data-figure=\"\(figure)\"><td>\(ReportText.escape(total.name))</td><td class=\"num\">\(ReportText.integer(total.tally.count))</td>"
                + "<td class=\"num\">\(ReportText.escape(amount(total.tally.amount, total.currency)))</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n"
    }

    private static func seller(_ total: SalesFigures.Total) -> SalesFigures.Total {
        var total = total
        total.name = sellerName(total.name)
        return total
    }

    /// A sale with no operator signed in (a desk without the lock) is the desk's.
    static func sellerName(_ seller: String) -> String { seller.isEmpty ? "(nobody signed in)" : seller }

    /// "1,200.00 EUR": the desk's grouping, two places, the currency after.
    static func amount(_ price: PlanPrice, _ currency: String) -> String {
        let text = price.description
        let point = text.firstIndex(of: ".") ?? text.endIndex
        let units = Int(text[..<point]) ?? 0
        let sign = price.cents < 0 && units == 0 ? "-" : ""
        return sign + ReportText.integer(units) + text[point...] + (currency.isEmpty ? "" : " " + currency)
    }
}
