import Foundation

/// A pass colour as Apple's pass.json takes it, `rgb(r,g,b)` with each part 0-255. Checked when
/// the config is read, so a typo is an error naming the key, not a pass Wallet refuses.
public struct WalletColour: Sendable, Equatable {
    var red: Int
    var green: Int
    var blue: Int

    public init?(_ text: String) {
        let compact = text.filter { !$0.isWhitespace }.lowercased()
        guard compact.hasPrefix("rgb("), compact.hasSuffix(")") else { return nil }
        let parts = compact.dropFirst(4).dropLast().split(separator: ",", omittingEmptySubsequences: false)
        let values = parts.compactMap { part in part.count <= 3 ? Int(part) : nil }
        guard parts.count == 3, values.count == 3, values.allSatisfy({ (0...255).contains($0) }) else { return nil }
        (red, green, blue) = (values[0], values[1], values[2])
    }

    /// `rgb(r, g, b)`, as Apple writes it.
    public var css: String { "rgb(\(red), \(green), \(blue))" }

    /// `#rrggbb`, as Google's `hexBackgroundColor` takes it.
    public var hex: String { String(format: "#%02x%02x%02x", red, green, blue) }

    /// What is wrong with `text` as a colour, for the config's error; nil when it parses.
    static func problem(_ text: String) -> String? {
        WalletColour(text) == nil ? "expected a colour rgb(r,g,b) with each part 0-255" : nil
    }
}
