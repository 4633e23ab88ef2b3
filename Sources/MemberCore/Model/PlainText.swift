/// What counts as a control character in text we keep or show: the one definition behind the
/// member fields' input rule (`MemberFieldRules`) and every place that shows data (the CLI's
/// output, the desk's grid). A name like "\u{1B}[2J" must never reach a terminal raw.
public enum PlainText {
    /// What a terminal acts on or reorders rather than shows: C0 (tab and newline too), DEL, C1
    /// (U+009B starts an escape sequence as ESC [ does), the bidi embeddings, overrides and
    /// isolates (U+202A–U+202E, U+2066–U+2069: they reverse the text after them), and the line
    /// and paragraph separators. Marks such as ZWJ and LRM stay: names in many scripts need them.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
        default: false
        }
    }

    /// The first control character and its 1-based position in characters, if any.
    static func firstControl(in text: String) -> (position: Int, scalar: Unicode.Scalar)? {
        for (index, character) in text.enumerated() {
            if let scalar = character.unicodeScalars.first(where: isControl) { return (index + 1, scalar) }
        }
        return nil
    }

    /// How a rule's message names a character: "U+001B".
    package static func name(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// The text as one line safe to show: every control character (newlines too) becomes "�".
    public static func shown(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { isControl($0) ? "\u{FFFD}" : $0 }))
    }

    /// Output of several lines safe to show: as `shown`, but newlines stay (the CLI prints
    /// whole lines through this; a name's own newline is made "�" where the name is put in a line).
    public static func shownLines(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) && $0 != "\n" }) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { isControl($0) && $0 != "\n" ? "\u{FFFD}" : $0 }))
    }

    /// A JSON text with the control characters a JSON encoder leaves raw (DEL, C1, bidi) written
    /// as `\uXXXX` escapes: the same string to a JSON reader, nothing raw to a terminal. (In JSON
    /// they can only stand inside strings, where an escape means the same character.)
    public static func jsonEscaped(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: isControl) else { return json }
        var out = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            guard isControl(scalar) else { out.append(scalar); continue }
            let hex = String(scalar.value, radix: 16)
            out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
        }
        return String(out)
    }
}
