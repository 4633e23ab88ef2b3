import Foundation

/// `memberdesk report --sales-csv FILE`: the period's sales, one row per sale, oldest first, as
/// RFC 4180 CSV (CRLF line ends, a header row). A spreadsheet sums a column or pivots by day, plan
/// and seller; the HTML report shows those sums. Text a spreadsheet would run as a formula is
/// guarded (`FormulaGuard`).
public enum SalesCSV {
    static let header = ["time", "day", "desk", "operator", "plan", "kind", "price", "currency", "member"]

    /// The `day` column is the sale's day in the period's time zone; `time` is UTC ISO 8601.
    public static func bytes(_ sales: SalesFigures, period: ReportPeriod) -> [UInt8] {
        var out: [UInt8] = []
        RFC4180Writer.appendRecord(header, to: &out)
        out += [0x0D, 0x0A]
        for sale in sales.sales {
            let fields = [ISO8601Formatters.string(from: Date(timeIntervalSince1970: sale.time)), sale.day(in: period.timeZone).description,
                          sale.desk, sale.seller, sale.plan, sale.kind, sale.price.description, sale.currency, sale.memberId]
            RFC4180Writer.appendRecord(fields.map(FormulaGuard.neutralize), to: &out)
            out += [0x0D, 0x0A]
        }
        return out
    }
}
