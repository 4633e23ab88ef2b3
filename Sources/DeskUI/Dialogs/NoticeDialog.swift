import DeskLanguage
import Foundation
import MemberKit
import TerminalColumns

/// A dialog that only says something: help, "Import is not available in this build", an event
/// log line in full. It is as wide as its longest line allows on the screen, and wraps (never
/// cuts) what does not fit; ↑↓ PgUp PgDn scroll when the lines outnumber the rows.
public struct NoticeDialog: Sendable, Equatable {
    public var title: String
    public var lines: [String]
    /// Columns at the start of each line that are its lead (help's key column): wrapped
    /// lines continue under the text after it.
    public var leadWidth = 0
    public var scroll = 0

    public init(title: String, lines: [String], leadWidth: Int = 0) {
        self.title = title
        self.lines = lines
        self.leadWidth = leadWidth
    }

    /// The frame on a screen of `bounds`: wide enough for the longest line if the screen allows.
    func frame(in bounds: Rect) -> Rect {
        let widest = max(TextWidth.of(title) + 4, lines.map(TextWidth.of).max() ?? 0)
        let width = min(bounds.width - 2, max(40, widest + 4))
        let height = wrapped(width: width - 4).count + 4
        return DialogFrame.centred(in: bounds, width: width, height: height)
    }

    /// The lines wrapped to `width` columns.
    func wrapped(width: Int) -> [String] {
        lines.flatMap { line -> [String] in
            guard TextWidth.of(line) > width else { return [line] }
            // The lead (help's key column) stays as it is; the text after it wraps under itself.
            guard leadWidth > 0, leadWidth <= width / 2, line.count > leadWidth else { return TextFit.wrap(line, width: width) }
            let pad = String(repeating: " ", count: leadWidth)
            let rest = TextFit.wrap(String(line.dropFirst(leadWidth)), width: width - leadWidth)
            return rest.enumerated().map { ($0.offset == 0 ? String(line.prefix(leadWidth)) : pad) + $0.element }
        }
    }

    /// Rows of text that show at once, and the wrapped lines, on a screen of `bounds`.
    func page(in bounds: Rect) -> (rows: Int, lines: [String]) {
        let inner = frame(in: bounds).inset(1)
        return (max(1, inner.height - 1), wrapped(width: inner.width - 2))
    }

    public func render(into grid: inout CellGrid) {
        let inner = DialogFrame.draw(&grid, frame(in: grid.bounds), title: title)
        let (rows, all) = page(in: grid.bounds)
        for (i, line) in all.dropFirst(scroll).prefix(rows).enumerated() {
            grid.putField(line, x: inner.x, y: inner.y + i, width: inner.width)
        }
        let more = all.count > rows ? " · " + tr("↑↓ PgUp PgDn scroll (%@–%@ of %@)", String(scroll + 1), String(min(all.count, scroll + rows)), String(all.count)) : ""
        grid.putField(tr("Esc to close") + more, x: inner.x, y: inner.maxY - 1, width: inner.width, style: CellStyle(.dim))
    }
}

extension NoticeDialog {
    /// `screen`: the terminal's size, which sets how the lines wrap and how far they scroll.
    public mutating func onKey(_ key: Key, screen: Rect) -> DialogReply {
        let (rows, all) = page(in: screen)
        if let step = ScrollStep.lines(for: key, page: rows) {
            scroll = min(max(0, scroll + step), max(0, all.count - rows))
            return .stay
        }
        switch key {
        case .escape, .enter, .function(1), .function(10), .character("q"), .character("?"): return .close
        default: return .stay
        }
    }
}

extension NoticeDialog: DeskDialogFeature {
    func render(into grid: inout CellGrid, now: Date) { render(into: &grid) }
}

extension DialogOpener {
    /// Enter on the focused event log: its selected line, whole.
    static let logEntry = DialogOpener { state, _ in
        state.log.selectedEntry.map { DialogOpening(.notice(NoticeDialog(title: tr("Event log") + " · \(RelativeTime.clock($0.time))", lines: [$0.text]))) }
    }
}
