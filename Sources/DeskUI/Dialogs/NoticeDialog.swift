import MemberKit

/// A dialog that only says something: "Import is not available in this build".
public struct NoticeDialog: Sendable {
    public var title: String
    public var lines: [String]
    public var scroll = 0

    public func render(into grid: inout CellGrid) {
        let frame = DialogFrame.centred(in: grid.bounds, width: 76, height: lines.count + 4)
        let inner = DialogFrame.draw(&grid, frame, title: title)
        for (i, line) in lines.dropFirst(scroll).prefix(max(0, inner.height - 1)).enumerated() {
            grid.putField(line, x: inner.x, y: inner.y + i, width: inner.width)
        }
        grid.putField("Esc to close" + (lines.count > inner.height - 1 ? " · ↑↓ scroll" : ""), x: inner.x, y: inner.maxY - 1,
                      width: inner.width, style: CellStyle(.dim))
    }
}

extension NoticeDialog {
    public mutating func onKey(_ key: Key) -> DialogReply {
        switch key {
        case .up: scroll = max(0, scroll - 1)
        case .down: scroll = min(max(0, lines.count - 1), scroll + 1)
        case .escape, .enter, .function(1), .function(10), .character("q"), .character("?"): return .close
        default: break
        }
        return .stay
    }
}
