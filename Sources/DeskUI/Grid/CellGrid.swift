import MemberKit
import TerminalColumns

/// The in-memory screen every pane and dialog draws into. The terminal driver copies the rows
/// that changed to the real screen; tests read the grid as text.
public struct CellGrid: Sendable, Equatable {
    public let width: Int
    public let height: Int
    private(set) var cells: [Cell]
    /// Pictures the terminal draws itself over blank cells (a photo as sixel or kitty graphics).
    public var images: [PlacedImage] = []

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set { cells[y * width + x] = newValue }
    }

    public func row(_ y: Int) -> ArraySlice<Cell> { cells[(y * width)..<((y + 1) * width)] }

    /// Writes `text` from column `x`, never past `clip` (default: the grid's right edge).
    /// Control characters (`PlainText.isControl`, bidi overrides too) become "�", so nothing a
    /// member's name holds can reach the terminal raw.
    /// Returns the column after the last character written.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, style: CellStyle = .plain, clip: Int? = nil) -> Int {
        guard y >= 0, y < height else { return x }
        let limit = min(clip ?? width, width)
        var column = x
        for character in text {
            var glyph = String(character)
            var w: Int
            if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F {
                w = 1  // printable ASCII: no control characters to replace, one column
            } else {
                if character.unicodeScalars.contains(where: PlainText.isControl) { glyph = "\u{FFFD}" }
                w = TextWidth.of(glyph)
            }
            if w > 2, let firstScalar = glyph.unicodeScalars.first {
                // A cluster of several wide scalars (a ZWJ emoji family): terminals disagree on its
                // width, so draw its first scalar alone and keep the columns aligned.
                glyph = String(firstScalar)
                w = min(2, max(1, TextWidth.of(glyph)))
            }
            if w == 0 {
                // A lone combining mark or format character joins the cell before it.
                if column > x, column - 1 < width, column - 1 >= 0 {
                    var base = column - 1
                    while base > 0, self[base, y].width == 0 { base -= 1 }
                    self[base, y].text += glyph
                }
                continue
            }
            if column + w > limit {
                // A wide character that does not fit leaves blanks rather than half a glyph.
                while column < limit {
                    // Blanking half of a wide character already there blanks its other half too.
                    if column >= 0 { clearWide(at: column, y: y); self[column, y] = Cell(text: " ", width: 1, style: style) }
                    column += 1
                }
                break
            }
            if column >= 0 {
                clearWide(at: column, y: y)
                self[column, y] = Cell(text: glyph, width: UInt8(w), style: style)
                if w == 2 {
                    clearWide(at: column + 1, y: y)
                    self[column + 1, y] = Cell(text: "", width: 0, style: style)
                }
            }
            column += w
        }
        return column
    }

    /// Writing over half of a wide character blanks its other half.
    private mutating func clearWide(at x: Int, y: Int) {
        guard x >= 0, x < width else { return }
        if self[x, y].width == 0, x > 0, self[x - 1, y].width == 2 { self[x - 1, y] = .blank }
        if self[x, y].width == 2, x + 1 < width { self[x + 1, y] = .blank }
    }

    /// `text` cut or padded to exactly `width` columns (cut text ends in "…").
    public mutating func putField(_ text: String, x: Int, y: Int, width: Int, style: CellStyle = .plain,
                                  alignRight: Bool = false) {
        guard width > 0 else { return }
        let cut = TextWidth.truncate(text, to: width)
        let gap = String(repeating: " ", count: max(0, width - TextWidth.of(cut)))
        put(alignRight ? gap + cut : cut + gap, x: x, y: y, style: style, clip: x + width)
    }

    public mutating func fill(_ rect: Rect, with character: Character = " ", style: CellStyle = .plain) {
        let (top, bottom) = (max(0, rect.y), min(height, rect.maxY))
        let (left, right) = (max(0, rect.x), min(width, rect.maxX))
        guard top < bottom, left < right else { return }
        for y in top..<bottom {
            for x in left..<right {
                clearWide(at: x, y: y)
                self[x, y] = Cell(text: String(character), width: 1, style: style)
            }
        }
    }

    /// A single-line box with an optional title in its top edge.
    public mutating func box(_ rect: Rect, title: String? = nil, style: CellStyle = .plain, titleStyle: CellStyle? = nil) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let (l, r, t, b) = (rect.x, rect.maxX - 1, rect.y, rect.maxY - 1)
        for x in (l + 1)..<r {
            put("─", x: x, y: t, style: style)
            put("─", x: x, y: b, style: style)
        }
        for y in (t + 1)..<b {
            put("│", x: l, y: y, style: style)
            put("│", x: r, y: y, style: style)
        }
        put("┌", x: l, y: t, style: style)
        put("┐", x: r, y: t, style: style)
        put("└", x: l, y: b, style: style)
        put("┘", x: r, y: b, style: style)
        if let title, rect.width > 4 {
            put(" " + TextWidth.truncate(title, to: rect.width - 4) + " ", x: l + 1, y: t,
                style: titleStyle ?? CellStyle(style.tone, bold: true), clip: r)
        }
    }

    /// Row `y` as plain text (continuation cells skipped), for tests and the screen-assert helper.
    public func text(row y: Int) -> String {
        row(y).filter { $0.width > 0 }.map(\.text).joined()
    }

    /// The whole grid as text, one line per row, trailing blanks kept.
    public var text: String { (0..<height).map { text(row: $0) }.joined(separator: "\n") }

    /// Rows whose cells differ from `previous` (every row when the size changed).
    public func changedRows(since previous: CellGrid?) -> [Int] {
        guard let previous, previous.width == width, previous.height == height else { return Array(0..<height) }
        return (0..<height).filter { row($0) != previous.row($0) }
    }
}
