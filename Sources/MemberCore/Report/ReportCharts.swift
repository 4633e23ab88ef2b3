import Foundation

/// The report's charts as inline SVG: static drawings, each bar and cell with a `<title>` tooltip
/// (a browser shows it on hover, no script needed).
package enum ReportCharts {
    package struct Bar: Sendable {
        package var value: Double
        var label: String?
        var tooltip: String
        package var muted = false
    }

    static let ink = "#0f172a", grid = "#e2e8f0", axis = "#64748b", accent = "#0d9488", mutedAccent = "#5eead4"

    /// A bar chart with a few round gridlines; `label`s are drawn under their bars.
    package static func bars(_ bars: [Bar], width: Double = 960, height: Double = 240, title: String) -> String {
        let left = 44.0, right = 16.0, top = 12.0, bottom = 28.0
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        let top_ = max(1, bars.map(\.value).max() ?? 1)
        let (step, ceiling) = niceScale(top_)
        var svg = open(width: width, height: height, title: title)
        svg += gridlines(step: step, ceiling: ceiling, left: left, right: width - right, top: top, plotHeight: plotHeight, format: { ReportText.integer(Int($0)) })
        let slot = plotWidth / Double(max(1, bars.count))
        let gap = slot > 6 ? max(1, slot * 0.18) : 0.5
        for (index, bar) in bars.enumerated() {
            let x = left + Double(index) * slot
            let h = bar.value / ceiling * plotHeight
            svg += "<rect x=\"\(f(x + gap / 2))\" y=\"\(f(top + plotHeight - h))\" width=\"\(f(max(0.5, slot - gap)))\" height=\"\(f(h))\" rx=\"\(slot > 8 ? 2 : 0)\" fill=\"\(bar.muted ? mutedAccent : accent)\"><title>\(ReportText.escape(bar.tooltip))</title></rect>"
            if let label = bar.label {
                svg += "<text x=\"\(f(x + slot / 2))\" y=\"\(f(height - 9))\" text-anchor=\"middle\" class=\"tick\">\(ReportText.escape(label))</text>"
            }
        }
        svg += line(x1: left, y1: top + plotHeight, x2: width - right, y2: top + plotHeight, stroke: axis)
        return svg + "</svg>"
    }

    /// A smooth area of a day's values (one per quarter hour), with hours along the bottom.
    static func dayCurve(_ values: [Double], width: Double = 960, height: Double = 220, title: String) -> String {
        let left = 44.0, right = 22.0, top = 12.0, bottom = 28.0
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        let (step, ceiling) = niceScale(max(1, values.max() ?? 1), fractional: true)
        var svg = open(width: width, height: height, title: title)
        svg += gridlines(step: step, ceiling: ceiling, left: left, right: width - right, top: top, plotHeight: plotHeight,
                         format: { step < 1 ? ReportText.decimal($0) : ReportText.integer(Int($0)) })
        let n = max(1, values.count)
        let points = values.enumerated().map { index, value in
            (left + (Double(index) + 0.5) / Double(n) * plotWidth, top + plotHeight - value / ceiling * plotHeight)
        }
        if let first = points.first, let last = points.last {
            var path = "M\(f(first.0)) \(f(top + plotHeight)) L\(f(first.0)) \(f(first.1))"
            for point in points.dropFirst() { path += " L\(f(point.0)) \(f(point.1))" }
            svg += "<path d=\"\(path) L\(f(last.0)) \(f(top + plotHeight)) Z\" fill=\"\(accent)\" fill-opacity=\"0.18\"/>"
            var stroke = "M\(f(first.0)) \(f(first.1))"
            for point in points.dropFirst() { stroke += " L\(f(point.0)) \(f(point.1))" }
            svg += "<path d=\"\(stroke)\" fill=\"none\" stroke=\"\(accent)\" stroke-width=\"2.5\" stroke-linejoin=\"round\"/>"
        }
        for hour in stride(from: 0, through: 24, by: 3) {
            let x = left + Double(hour) / 24 * plotWidth
            svg += "<text x=\"\(f(x))\" y=\"\(f(height - 9))\" text-anchor=\"middle\" class=\"tick\">\(ReportText.hour(hour))</text>"
        }
        svg += line(x1: left, y1: top + plotHeight, x2: width - right, y2: top + plotHeight, stroke: axis)
        return svg + "</svg>"
    }

    /// Weekday rows × hour columns, coloured by value; the value is written in cells that are not empty.
    static func heatMap(_ values: [[Double]], tooltips: [[String]], width: Double = 960, title: String) -> String {
        let left = 44.0, top = 22.0, right = 4.0
        let cell = (width - left - right) / 24, rowHeight = 30.0
        let height = top + rowHeight * 7 + 6
        let peak = values.flatMap { $0 }.max() ?? 0
        var svg = open(width: width, height: height, title: title)
        for hour in stride(from: 0, to: 24, by: 2) {
            svg += "<text x=\"\(f(left + (Double(hour) + 0.5) * cell))\" y=\"14\" text-anchor=\"middle\" class=\"tick\">\(hour < 10 ? "0" : "")\(hour)</text>"
        }
        for (weekday, row) in values.enumerated() {
            let y = top + Double(weekday) * rowHeight
            svg += "<text x=\"\(f(left - 8))\" y=\"\(f(y + rowHeight / 2 + 4))\" text-anchor=\"end\" class=\"tick\">\(ReportText.weekdays[weekday])</text>"
            for (hour, value) in row.enumerated() {
                let share = peak > 0 ? value / peak : 0
                let x = left + Double(hour) * cell
                svg += "<rect x=\"\(f(x + 1))\" y=\"\(f(y + 1))\" width=\"\(f(cell - 2))\" height=\"\(f(rowHeight - 2))\" rx=\"3\" fill=\"\(heatColour(share))\"><title>\(ReportText.escape(tooltips[weekday][hour]))</title></rect>"
                if value > 0, share >= 0.02 {
                    let text = peak < 10 ? ReportText.decimal(value) : ReportText.integer(Int(value.rounded()))
                    svg += "<text x=\"\(f(x + cell / 2))\" y=\"\(f(y + rowHeight / 2 + 4))\" text-anchor=\"middle\" class=\"cell\" fill=\"\(share > 0.55 ? "#ffffff" : ink)\">\(text)</text>"
                }
            }
        }
        return svg + "</svg>"
    }

    /// From near-white to deep teal.
    package static func heatColour(_ share: Double) -> String {
        let stops: [(Double, Double, Double)] = [(241, 245, 249), (204, 251, 241), (94, 234, 212), (20, 184, 166), (15, 118, 110), (19, 78, 74)]
        let t = min(1, max(0, share)) * Double(stops.count - 1)
        let index = min(stops.count - 2, Int(t)), rest = t - Double(index)
        let a = stops[index], b = stops[index + 1]
        func channel(_ x: Double, _ y: Double) -> String {
            let v = Int((x + (y - x) * rest).rounded())
            let hex = String(v, radix: 16)
            return hex.count < 2 ? "0" + hex : hex
        }
        return "#" + channel(a.0, b.0) + channel(a.1, b.1) + channel(a.2, b.2)
    }

    /// A step of 1, 2 or 5 × 10ⁿ giving about four gridlines, and the top of the scale.
    static func niceScale(_ top: Double, fractional: Bool = false) -> (step: Double, ceiling: Double) {
        let rough = top / 4
        let magnitude = pow(10, (log10(max(rough, fractional ? 0.01 : 1))).rounded(.down))
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= rough } ?? 10 * magnitude
        let finalStep = fractional ? step : max(1, step.rounded())
        return (finalStep, max(finalStep, (top / finalStep).rounded(.up) * finalStep))
    }

    private static func open(width: Double, height: Double, title: String) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(f(width)) \(f(height))\" role=\"img\" aria-label=\"\(ReportText.escape(title))\">"
    }

    private static func gridlines(step: Double, ceiling: Double, left: Double, right: Double, top: Double, plotHeight: Double,
                                  format: (Double) -> String) -> String {
        var svg = ""
        var value = step
        while value <= ceiling + step / 1000 {
            let y = top + plotHeight - value / ceiling * plotHeight
            svg += line(x1: left, y1: y, x2: right, y2: y, stroke: grid)
            svg += "<text x=\"\(f(left - 6))\" y=\"\(f(y + 4))\" text-anchor=\"end\" class=\"tick\">\(format(value))</text>"
            value += step
        }
        return svg
    }

    private static func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String) -> String {
        "<line x1=\"\(f(x1))\" y1=\"\(f(y1))\" x2=\"\(f(x2))\" y2=\"\(f(y2))\" stroke=\"\(stroke)\" stroke-width=\"1\"/>"
    }

    /// Coordinates to a tenth of a unit: small files, no exponent notation.
    static func f(_ value: Double) -> String { ReportText.decimal(value).replacingOccurrences(of: ",", with: "") }
}
