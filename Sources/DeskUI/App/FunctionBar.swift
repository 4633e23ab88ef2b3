import MemberKit
import TerminalColumns

/// The htop-style key bar along the bottom, from `DeskKeymap`'s bindings that have a label there:
/// long labels when they all fit, else short ones; on a bar too narrow even for those, the
/// labels of rare tasks give way first (lowest priority, then the later), so F10 Quit stays.
public enum FunctionBar {
    /// How long a label stays on a narrow bar.
    enum Priority {
        static let normal = 50
        /// Admin tasks, seldom done at a busy desk (F1 help still lists them).
        static let rare = 10
    }

    struct Label {
        var key: String
        var long: String
        var short: String
        var priority: Int
        /// Quit never gives way: a desk must always say how to leave it.
        var isQuit = false
    }

    static let labels: [Label] = DeskKeymap.bindings.compactMap { binding in
        guard let bar = binding.bar, let key = binding.keys.first else { return nil }
        return Label(key: key.label, long: bar.long, short: bar.short, priority: binding.barPriority,
                     isQuit: binding.command == .quit)
    }

    /// The labels shown on a bar of `width` columns, and whether in their long form.
    static func fit(width: Int) -> (labels: [Label], long: Bool) {
        // Each label is its key, its words and a space (the long form two); the last space may be cut.
        let long = labels.map { TextWidth.of($0.key) + TextWidth.of($0.long) + 2 }.reduce(0, +)
        if long <= width { return (labels, true) }
        var shown = labels
        // Rare tasks first; a language whose words are longer may need the daily ones' room too (the later first).
        let giveWay = labels.indices.sorted { (labels[$0].priority, -$0) < (labels[$1].priority, -$1) }
            .filter { !labels[$0].isQuit }
        var next = giveWay.makeIterator()
        while shown.map({ TextWidth.of($0.key) + TextWidth.of($0.short) + 1 }).reduce(0, +) - 1 > width, let drop = next.next() {
            shown.removeAll { $0.key == labels[drop].key }
        }
        return (shown, false)
    }

    public static func render(into grid: inout CellGrid, y: Int) {
        grid.fill(Rect(x: 0, y: y, width: grid.width, height: 1), style: CellStyle(.key, reverse: true))
        let (shown, useLong) = fit(width: grid.width)
        var x = 0
        for label in shown {
            x = grid.put(label.key, x: x, y: y, style: CellStyle(.normal, bold: true))
            x = grid.put(useLong ? label.long + " " : label.short, x: x, y: y, style: CellStyle(.key, reverse: true))
            x = grid.put(" ", x: x, y: y, style: CellStyle(.key, reverse: true))
            if x >= grid.width { break }
        }
    }
}
