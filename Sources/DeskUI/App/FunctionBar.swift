import MemberKit

/// The htop-style key bar along the bottom, from `DeskKeymap`'s bindings that have a label there.
public enum FunctionBar {
    static let keys: [(String, String, String)] = DeskKeymap.bindings.compactMap { binding in
        guard let bar = binding.bar, let key = binding.keys.first else { return nil }
        return (key.label, bar.long, bar.short)
    }

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
