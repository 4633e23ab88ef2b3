import MemberKit
import TerminalColumns

/// Where a dialog sits: centred, at most `width`×`height`, never bigger than the screen.
enum DialogFrame {
    static func centred(in bounds: Rect, width: Int, height: Int) -> Rect {
        let w = min(width, bounds.width - 2), h = min(height, bounds.height - 2)
        return Rect(x: bounds.x + (bounds.width - w) / 2, y: bounds.y + (bounds.height - h) / 2, width: w, height: h)
    }

    /// Clears the frame and draws its border; returns the inside.
    static func draw(_ grid: inout CellGrid, _ rect: Rect, title: String, tone: Tone = .title) -> Rect {
        grid.fill(rect)
        grid.box(rect, title: title, style: CellStyle(tone, bold: true))
        return Rect(x: rect.x + 2, y: rect.y + 1, width: rect.width - 4, height: rect.height - 2)
    }

    /// "[ Merge ]  [ Cancel ]" with the chosen one highlighted.
    static func buttons(_ grid: inout CellGrid, _ labels: [String], chosen: Int, y: Int, in inner: Rect) {
        let texts = labels.map { "[ \($0) ]" }
        let total = texts.map(TextWidth.of).reduce(0, +) + 2 * (texts.count - 1)
        var x = inner.x + max(0, (inner.width - total) / 2)
        for (i, text) in texts.enumerated() {
            x = grid.put(text, x: x, y: y, style: CellStyle(i == chosen ? .selected : .normal, bold: i == chosen, reverse: i == chosen),
                         clip: inner.maxX) + 2
        }
    }
}
