public struct CellStyle: Sendable, Hashable {
    public var tone: Tone
    public var bold: Bool
    public var reverse: Bool
    /// A photo's block art brings its own colours; nil for text, which takes its tone's.
    public var colors: CellColors?

    public init(_ tone: Tone = .normal, bold: Bool = false, reverse: Bool = false, colors: CellColors? = nil) {
        self.colors = colors
        self.tone = tone
        self.bold = bold
        self.reverse = reverse
    }

    public static let plain = CellStyle()
}
