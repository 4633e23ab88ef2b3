import MemberKit

/// A one-line text field: the text, a cursor, and the usual editing keys.
public struct TextField: Sendable, Equatable {
    public private(set) var characters: [Character]
    public private(set) var cursor: Int
    public var maxLength: Int

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
        default: return false
        }
        return true
    }

    /// Draws the field in `width` columns, scrolled so that the cursor shows.
    public func render(into grid: inout CellGrid, x: Int, y: Int, width: Int, focused: Bool,
                       style: CellStyle = CellStyle(.normal, reverse: false)) {
        guard width > 0 else { return }
        grid.fill(Rect(x: x, y: y, width: width, height: 1), style: CellStyle(.selected, reverse: focused))
        // Scroll: show the characters ending at the cursor when the text is wider than the field.
        var start = 0
        let widthUpToCursor = { (from: Int) in TextWidth.of(String(characters[from..<cursor])) }
        while start < cursor, widthUpToCursor(start) > width - 1 { start += 1 }
        var column = x
        for index in start..<characters.count {
            let glyph = String(characters[index])
            let w = TextWidth.of(glyph)
            if column + max(w, 1) > x + width { break }
            let cellStyle = CellStyle(.selected, bold: focused && index == cursor, reverse: !(focused && index == cursor))
            column = grid.put(glyph, x: column, y: y, style: focused ? cellStyle : style, clip: x + width)
        }
        if focused, cursor == characters.count, column < x + width {
            grid.put(" ", x: column, y: y, style: CellStyle(.selected, reverse: false))
        }
    }
}
