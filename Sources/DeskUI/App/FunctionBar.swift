import MemberKit

/// The htop-style key bar along the bottom.
public enum FunctionBar {
    static let keys: [(String, String, String)] = [
        ("F1", "Help", "Help"), ("F2", "Edit", "Edit"), ("F3", "Search", "Search"), ("F4", "Check in", "Check"),
        ("F5", "Export", "Export"), ("F6", "Import", "Import"), ("F7", "New", "New"), ("F8", "Delete", "Delete"),
        ("F9", "Regions", "Region"), ("F10", "Quit", "Quit"),
    ]

    public static func render(into grid: inout CellGrid, y: Int) {
        grid.fill(Rect(x: 0, y: y, width: grid.width, height: 1), style: CellStyle(.key, reverse: true))
        let long = keys.map { $0.0.count + $0.1.count + 2 }.reduce(0, +)
        let useLong = long <= grid.width
        var x = 0
        for (key, longLabel, shortLabel) in keys {
            x = grid.put(key, x: x, y: y, style: CellStyle(.normal, bold: true))
            x = grid.put(useLong ? longLabel + " " : shortLabel, x: x, y: y, style: CellStyle(.key, reverse: true))
            x = grid.put(" ", x: x, y: y, style: CellStyle(.key, reverse: true))
            if x >= grid.width { break }
        }
    }
}
