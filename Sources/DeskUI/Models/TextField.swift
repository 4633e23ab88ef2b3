import MemberKit
import TerminalColumns

/// A one-line text field: the text, a cursor, and the usual editing keys.
public struct TextField: Sendable, Equatable {
    public private(set) var characters: [Character]
    public private(set) var cursor: Int
    public var maxLength: Int
    /// False until a key edits the text or moves the cursor: until then a long value shows its start.
    public private(set) var touched = false

    public init(_ text: String = "", maxLength: Int = 256) {
        characters = Array(text.prefix(maxLength))
        cursor = characters.count
        self.maxLength = maxLength
    }

    public var text: String {
        get { String(characters) }
        set {
            characters = Array(newValue.prefix(maxLength))
            cursor = characters.count
            touched = false
        }
    }

    /// Applies an editing key; false when the key is not for a text field.
    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .character(let c) where key.isPrintable:
            guard characters.count < maxLength else { return true }
            characters.insert(c, at: cursor)
            cursor += 1
        case .backspace:
            if cursor > 0 {
                characters.remove(at: cursor - 1)
                cursor -= 1
            }
        case .delete:
            if cursor < characters.count { characters.remove(at: cursor) }
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(characters.count, cursor + 1)
        case .home: cursor = 0
        case .end: cursor = characters.count
        case .control("u"):
            // As in a shell: clears what is before the cursor (the whole field, with the cursor at its end).
            characters.removeFirst(cursor)
            cursor = 0
        default: return false
        }
        touched = true
        return true
    }

    /// Draws the field in `width` columns. A value not yet touched shows its start (a long name
    /// is read from the front, "…" at the end where it is cut); once edited, the field scrolls so
    /// that the cursor shows, with "…" at either end that is cut.
    public func render(into grid: inout CellGrid, x: Int, y: Int, width: Int, focused: Bool,
                       style: CellStyle = CellStyle(.normal, reverse: false)) {
        guard width > 0 else { return }
        grid.fill(Rect(x: x, y: y, width: width, height: 1), style: CellStyle(.selected, reverse: focused))
        let plain = focused ? CellStyle(.selected, reverse: true) : style
        let cursorStyle = CellStyle(.selected, bold: true, reverse: false)
        let whole = String(characters)
        guard focused, touched else {
            // From the start; an untouched focused field's cursor (at the end) shows past the text.
            let fits = TextWidth.of(whole) < width || (!focused && TextWidth.of(whole) <= width)
            let shown = fits ? whole : TextFit.truncate(whole, to: width)
            let end = grid.put(shown, x: x, y: y, style: plain, clip: x + width)
            if focused { grid.put(fits ? " " : "…", x: fits ? end : end - 1, y: y, style: cursorStyle, clip: x + width) }
            return
        }
        // Scroll: the window ends at the cursor when the text up to it is wider than the field.
        var start = 0
        let widthUpToCursor = { (from: Int) in TextWidth.of(String(characters[from..<cursor])) }
        let room = { (from: Int) in width - 1 - (from > 0 ? 1 : 0) }
        while start < cursor, widthUpToCursor(start) > room(start) { start += 1 }
        var column = x
        if start > 0 { column = grid.put("…", x: column, y: y, style: plain, clip: x + width) }
        for index in start..<characters.count {
            let glyph = String(characters[index])
            let w = max(TextWidth.of(glyph), 1)
            let lastColumn = index == characters.count - 1 ? x + width : x + width - 1
            if column + w > lastColumn {
                // More text than room: an ellipsis in the last column says so.
                grid.put("…", x: x + width - 1, y: y, style: plain, clip: x + width)
                break
            }
            column = grid.put(glyph, x: column, y: y, style: index == cursor ? cursorStyle : plain, clip: x + width)
        }
        if cursor == characters.count, column < x + width {
            grid.put(" ", x: column, y: y, style: cursorStyle)
        }
    }
}
