import DeskLanguage
import Foundation
import MemberKit
import TerminalColumns

/// The stats view: people inside through today, check-ins per hour today and per day for 30
/// days as block-character bar charts, and how many members were active this week and this month.
public struct StatsModel: Sendable, Equatable {
    public var stats: DeskStats?
    public var occupancy: OccupancyCurve?
    public var loading = false

    public init() {}

    static let levels: [Character] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// Rows of a vertical bar chart, top row first; each value gets `barWidth` columns. The
    /// top row stands for `top` (the largest value, unless a larger one is given: the capacity).
    public static func chart(_ values: [Double], height: Int, barWidth: Int = 1, top: Double? = nil) -> [String] {
        guard height > 0 else { return [] }
        let top = max(top ?? 0, values.max() ?? 0, 1e-9)
        return (0..<height).map { row in
            let rowFromBottom = height - 1 - row
            return values.map { value in
                let eighths = Int((value / top * Double(height * 8)).rounded())
                let inRow = min(8, max(0, eighths - rowFromBottom * 8))
                // A non-zero value always shows at least a sliver.
                let level = (value > 0 && rowFromBottom == 0 && inRow == 0) ? 1 : inRow
                return String(repeating: String(levels[level]), count: barWidth)
            }.joined()
        }
    }

    public static func chart(_ values: [Int], height: Int, barWidth: Int = 1) -> [String] {
        chart(values.map(Double.init), height: height, barWidth: barWidth)
    }

    /// One chart of the pane: its title, its bars, and labels under given columns.
    struct Chart {
        var title: String
        var values: [Double]
        var top: Double?
        var barWidth: Int
        var labels: [(index: Int, text: String)]
    }

    /// The charts that fit `width` columns, today's occupancy first (the live figure).
    func charts(width: Int) -> [Chart] {
        var charts: [Chart] = []
        let hours = stride(from: 0, to: 24, by: 6).map { ($0, ($0 < 10 ? "0" : "") + "\($0)") }
        if let occupancy {
            let columns = occupancy.columns(fitting: width)
            let perHour = columns.count / 24
            charts.append(Chart(title: occupancy.title, values: columns,
                                top: occupancy.capacity > 0 ? Double(occupancy.capacity) : nil,
                                barWidth: max(1, min(3, width / columns.count)),
                                labels: hours.map { ($0.0 * perHour, $0.1) }))
        }
        if let stats {
            charts.append(Chart(title: tr("Check-ins per hour today (max %@)", DeskLanguage.number(stats.perHourToday.max() ?? 0)),
                                values: stats.perHourToday.map(Double.init), top: nil,
                                barWidth: max(1, min(3, width / 24)), labels: hours))
            charts.append(Chart(title: tr("Check-ins per day, last 30 days (max %@)", DeskLanguage.number(stats.perDayLast30.max() ?? 0)),
                                values: stats.perDayLast30.map(Double.init), top: nil,
                                barWidth: max(1, min(3, width / 30)), labels: [(0, tr("-29d")), (29, tr("today"))]))
        }
        return charts
    }

    public func render(into grid: inout CellGrid, rect: Rect) {
        grid.fill(rect)
        grid.box(rect, title: tr("Stats (s: back to members)"), style: CellStyle(.title))
        let inner = rect.inset(1)
        guard !inner.isEmpty else { return }
        guard let stats else {
            grid.putField(loading ? tr("Loading stats…") : tr("No stats yet"), x: inner.x, y: inner.y, width: inner.width,
                          style: CellStyle(.dim))
            return
        }
        var y = inner.y
        // Every desk's check-ins; this desk's beside them only when others made some.
        let here = stats.visitsTodayHere == stats.visitsToday ? "" : tr(" (%@ at this desk)", DeskLanguage.number(stats.visitsTodayHere))
        let summary = tr("Today %@%@ · active this week %@ · active this month %@ · %@",
                         trn("%d check-in", "%d check-ins", stats.visitsToday), here, DeskLanguage.number(stats.activeThisWeek),
                         DeskLanguage.number(stats.activeThisMonth), trn("%d member", "%d members", stats.memberCount))
        grid.putField(summary, x: inner.x, y: y, width: inner.width, style: CellStyle(.normal, bold: true))
        y += 1
        let charts = charts(width: inner.width - 1)
        // Each chart takes a title, its bars and a line of labels; a blank line after the summary
        // and between charts when the pane has room for them (80×24 has not).
        let rowsLeft = inner.maxY - y
        let spaced = rowsLeft - charts.count * 3 >= charts.count
        if spaced { y += 1 }
        let gaps = spaced ? charts.count - 1 : 0
        let chartHeight = max(1, (inner.maxY - y - charts.count * 2 - gaps) / max(1, charts.count))
        for chart in charts {
            guard y < inner.maxY else { break }
            grid.putField(chart.title, x: inner.x, y: y, width: inner.width, style: CellStyle(.title))
            y += 1
            for line in Self.chart(chart.values, height: chartHeight, barWidth: chart.barWidth, top: chart.top) where y < inner.maxY {
                grid.put(line, x: inner.x + 1, y: y, style: CellStyle(.success), clip: inner.maxX)
                y += 1
            }
            guard y < inner.maxY else { break }
            let span = chart.values.count * chart.barWidth
            for (index, label) in chart.labels {
                grid.put(label, x: inner.x + 1 + min(index * chart.barWidth, max(0, span - TextWidth.of(label))),
                         y: y, style: CellStyle(.dim), clip: inner.maxX)
            }
            y += spaced ? 2 : 1
        }
    }
}
