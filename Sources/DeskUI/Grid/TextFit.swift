import MemberKit
import TerminalColumns

/// How text that is too wide is made to fit, in one place: cut at the end with "…"; in a line
/// that names someone, cut the name and keep the facts around it; or wrap onto more lines.
public enum TextFit {
    /// `text` cut to `width` columns, ending in "…" when it was cut.
    public static func truncate(_ text: String, to width: Int) -> String {
        TextWidth.truncate(text, to: width)
    }

    /// `before + name + after` in `width` columns: the name is cut first (ending in "…"), so the
    /// facts after it ("— visit #3", "· pass 04A1B2C3") stay; only when even a one-letter name
    /// does not fit is the whole line cut at the end.
    public static func named(before: String = "", name: String, after: String = "", width: Int) -> String {
        let whole = before + name + after
        if TextWidth.of(whole) <= width { return whole }
        let room = width - TextWidth.of(before) - TextWidth.of(after)
        // Two columns: at least one letter of the name and the ellipsis.
        guard room >= 2 else { return truncate(whole, to: width) }
        return before + truncate(name, to: room) + after
    }

    /// `text` wrapped at spaces into lines of at most `width` columns; a word wider than a line is
    /// cut across lines. Lines after the first start with `indent` spaces.
    public static func wrap(_ text: String, width: Int, indent: Int = 0) -> [String] {
        guard width > 0 else { return [] }
        let indent = min(max(0, indent), width - 1)
        var lines: [String] = []
        var line = ""
        var used = 0
        func flush() {
            lines.append(String(repeating: " ", count: lines.isEmpty ? 0 : indent) + line)
            line = ""
            used = indent
        }
        for word in text.split(separator: " ").map(String.init) {
            let w = TextWidth.of(word)
            if line.isEmpty, used + w <= width {
                line = word
                used += w
                continue
            }
            if !line.isEmpty, used + 1 + w <= width {
                line += " " + word
                used += 1 + w
                continue
            }
            if !line.isEmpty { flush() }
            if used + w <= width {
                line = word
                used += w
                continue
            }
            // A word too long for a whole line goes on character by character.
            for character in word {
                let cw = TextWidth.of(String(character))
                if used + cw > width, !line.isEmpty { flush() }
                line.append(character)
                used += cw
            }
        }
        if !line.isEmpty || lines.isEmpty { flush() }
        return lines
    }
}

/// A line that names someone: the name may be cut to fit, the words around it may not.
public struct NamedText: Sendable, Equatable {
    public var before: String
    public var name: String
    public var after: String

    public init(before: String = "", name: String = "", after: String = "") {
        self.before = before
        self.name = name
        self.after = after
    }

    public var text: String { before + name + after }

    /// The line in `width` columns (see `TextFit.named`).
    public func fitted(to width: Int) -> String {
        TextFit.named(before: before, name: name, after: after, width: width)
    }
}
