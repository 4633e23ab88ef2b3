/// One screen cell: a grapheme and how many columns it takes. The cell right of a
/// two-column character is a continuation (width 0) that draws nothing.
public struct Cell: Sendable, Hashable {
    public var text: String
    public var width: UInt8
    public var style: CellStyle

    public init(text: String, width: UInt8, style: CellStyle) {
        self.text = text
        self.width = width
        self.style = style
    }

    public static let blank = Cell(text: " ", width: 1, style: .plain)
}
