import Foundation

/// Topic names and filters, by MQTT's rules (MQTT 3.1.1 §4.7).
public enum TopicText {
    /// A desk name as one topic level: lowercase letters, digits and hyphens ("Front desk" →
    /// "front-desk"). Accented letters keep their base letter ("Front Desk Süd" → "front-desk-sud")
    /// rather than becoming a hyphen; a script with no Latin form (李) still does.
    public static func slug(_ name: String) -> String {
        var out = ""
        var pendingHyphen = false
        for scalar in transliterated(name).unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                if pendingHyphen, !out.isEmpty { out += "-" }
                pendingHyphen = false
                out.unicodeScalars.append(scalar)
            } else {
                pendingHyphen = true
            }
        }
        return out.isEmpty ? "desk" : out
    }

    /// Lowercase, accents dropped, and the Latin letters that are no accented letter spelt out.
    static func transliterated(_ name: String) -> String {
        var text = name.lowercased().folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
        for (letter, spelt) in Self.spelt where text.contains(letter) { text = text.replacingOccurrences(of: letter, with: spelt) }
        return text
    }

    private static let spelt: [(String, String)] = [("ß", "ss"), ("æ", "ae"), ("œ", "oe"), ("ø", "o"), ("đ", "d"), ("ð", "d"),
                                                    ("ł", "l"), ("þ", "th"), ("ı", "i")]

    /// A topic a message may be published to: not empty, no wildcards, no NUL, at most 65,535 bytes.
    public static func isPublishable(_ topic: String) -> Bool {
        !topic.isEmpty && topic.utf8.count <= 65535 && !topic.contains("+") && !topic.contains("#") && !topic.contains("\0")
    }

    /// Whether `topic` matches the subscription-style `filter` (`+` one level, `#` the rest).
    public static func matches(_ topic: String, filter: String) -> Bool {
        let levels = topic.split(separator: "/", omittingEmptySubsequences: false)
        let parts = filter.split(separator: "/", omittingEmptySubsequences: false)
        for (index, part) in parts.enumerated() {
            if part == "#" { return index == parts.count - 1 }
            guard index < levels.count else { return false }
            if part != "+" && part != levels[index] { return false }
        }
        return levels.count == parts.count
    }
}
