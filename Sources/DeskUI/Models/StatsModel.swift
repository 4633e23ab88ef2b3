import Foundation
import MemberKit

/// The stats view: check-ins per hour today and per day for 30 days as block-character bar
/// charts, and how many members were active this week and this month.
public struct StatsModel: Sendable {
    public var stats: DeskStats?
    public var loading = false

    public init() {}

    static let levels: [Character] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// Rows of a vertical bar chart, top row first; each value gets `barWidth` columns.
    public static func chart(_ values: [Int], height: Int, barWidth: Int = 1) -> [String] {
        guard height > 0 else { return [] }
        let top = max(1, values.max() ?? 1)
        return (0..<height).map { row in
            let rowFromBottom = height - 1 - row
            return values.map { value in
                let eighths = Int((Double(value) / Double(top) * Double(height * 8)).rounded())
                let inRow = min(8, max(0, eighths - rowFromBottom * 8))
                // A non-zero count always shows at least a sliver.
                let level = (value > 0 && rowFromBottom == 0 && inRow == 0) ? 1 : inRow
                return String(repeating: String(levels[level]), count: barWidth)
            }.joined()
        }
    }

    public func render(into grid: inout CellGrid, rect: Rect) {
        grid.fill(rect)
        grid.box(rect, title: "Stats (s: back to members)", style: CellStyle(.title))
        let inner = rect.inset(1)
        guard !inner.isEmpty else { return }
        guard let stats else {
            grid.putField(loading ? "Loading stats…" : "No stats yet", x: inner.x, y: inner.y, width: inner.width,
                          style: CellStyle(.dim))
            return
        }
        var y = inner.y
        let summary = "Today \(stats.visitsToday) check-ins · active this week \(stats.activeThisWeek) · "
            + "active this month \(stats.activeThisMonth) · \(StatusBarModel.grouped(stats.memberCount)) members"
        grid.putField(summary, x: inner.x, y: y, width: inner.width, style: CellStyle(.normal, bold: true))
        y += 2
        let chartHeight = max(1, (inner.maxY - y - 6) / 2)
        let hourWidth = max(1, min(3, (inner.width - 6) / 24))
        let dayWidth = max(1, min(3, (inner.width - 6) / 30))
        for (title, values, barWidth, labels) in [
            ("Check-ins per hour today (max \(stats.perHourToday.max() ?? 0))", stats.perHourToday, hourWidth,
             stride(from: 0, to: 24, by: 6).map { ($0, String(format: "%02d", $0)) }),
            ("Check-ins per day, last 30 days (max \(stats.perDayLast30.max() ?? 0))", stats.perDayLast30, dayWidth,
             [(0, "-29d"), (29, "today")]),
        ] {
            guard y < inner.maxY else { break }
            grid.putField(title, x: inner.x, y: y, width: inner.width, style: CellStyle(.title))
            y += 1
            for line in Self.chart(values, height: chartHeight, barWidth: barWidth) where y < inner.maxY {
                grid.put(line, x: inner.x + 1, y: y, style: CellStyle(.success), clip: inner.maxX)
                y += 1
            }
            if y < inner.maxY {
                for (index, label) in labels {
                    grid.put(label, x: inner.x + 1 + min(index * barWidth, max(0, values.count * barWidth - TextWidth.of(label))),
                             y: y, style: CellStyle(.dim), clip: inner.maxX)
                }
                y += 2
            }
        }
    }
}
