public struct CellStyle: Sendable, Hashable {
    public var tone: Tone
    public var bold: Bool
    public var reverse: Bool

    public init(_ tone: Tone = .normal, bold: Bool = false, reverse: Bool = false) {
        self.tone = tone
        self.bold = bold
        self.reverse = reverse
    }

    public static let plain = CellStyle()
}
