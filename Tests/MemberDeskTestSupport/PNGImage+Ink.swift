/// What a screenshot of the report holds: enough to tell a drawn page from a blank one.
extension PNGImage {
    public struct Ink {
        /// The share of pixels that are not the page's background.
        public var share: Double
        /// How many colours there are.
        public var colours: Int
        /// Pixels of the charts' teal (#0d9488 and the heat map's darker stops), give or take antialiasing.
        public var teal: Int
    }

    public var ink: Ink {
        let counts = colourCounts
        let background = counts.max { $0.value < $1.value }?.value ?? 0
        let teal = counts.filter { colour, _ in
            let r = colour >> 16, g = (colour >> 8) & 0xFF, b = colour & 0xFF
            return r < 60 && g > 70 && g < 170 && b > 60 && b < 160 && g > r + 40
        }.values.reduce(0, +)
        return Ink(share: 1 - Double(background) / Double(width * height), colours: counts.count, teal: teal)
    }
}
