/// A cell's own colours, 0xRRGGBB, for block art: the driver shows them as near as the terminal
/// can (256 colours, 8, or none in monochrome). Text cells have none and take their tone's.
public struct CellColors: Sendable, Hashable {
    public var foreground: UInt32
    public var background: UInt32

    public init(foreground: UInt32, background: UInt32) {
        self.foreground = foreground
        self.background = background
    }

    /// The nearest of xterm's 256 colours (its 6×6×6 cube or its grey ramp).
    public static func xterm256(_ rgb: UInt32) -> Int16 {
        let r = Int(rgb >> 16 & 0xFF), g = Int(rgb >> 8 & 0xFF), b = Int(rgb & 0xFF)
        func level(_ v: Int) -> Int { v < 48 ? 0 : v < 115 ? 1 : (v - 35) / 40 }
        let steps = [0, 95, 135, 175, 215, 255]
        let (lr, lg, lb) = (level(r), level(g), level(b))
        let cube = (steps[lr], steps[lg], steps[lb])
        let grey = min(23, max(0, ((r + g + b) / 3 - 3) / 10))
        let greyValue = 8 + grey * 10
        func distance(_ c: (Int, Int, Int)) -> Int { (c.0 - r) * (c.0 - r) + (c.1 - g) * (c.1 - g) + (c.2 - b) * (c.2 - b) }
        if distance((greyValue, greyValue, greyValue)) < distance(cube) { return Int16(232 + grey) }
        return Int16(16 + 36 * lr + 6 * lg + lb)
    }

    /// The nearest of the 8 ANSI colours (the Linux console).
    public static func ansi8(_ rgb: UInt32) -> Int16 {
        let r = rgb >> 16 & 0xFF, g = rgb >> 8 & 0xFF, b = rgb & 0xFF
        return Int16((r > 127 ? 1 : 0) | (g > 127 ? 2 : 0) | (b > 127 ? 4 : 0))
    }
}
