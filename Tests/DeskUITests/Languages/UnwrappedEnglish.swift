import Foundation

/// What is left of a screen under the pseudo-locale once its translated text (⟦…⟧), the test's
/// data and the keys' own names are taken out: any word still there is English nobody marked.
enum UnwrappedEnglish {
    /// The members, passes and terminal name the scenario made, and the program's name.
    static let data = ["Ana López", "山田太郎", "Olga Stopped", "Front desk", "memberdesk", "pcscd", "nfc", "UTF-8"]
    /// Keys are named as on the keyboard, in every language (Key.label).
    static let keyNames = #"(Shift-Tab|Backspace|Delete|Enter|Esc|Tab|PgUp|PgDn|Home|End|Ctrl-[A-Z]|F[0-9]{1,2})"#

    static func words(in screen: String) -> [String] {
        // A message cut at the screen's edge loses its closing bracket: it runs to the cut's "…" or the row's end.
        var text = screen.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.replacing(/⟦[^⟧]*?(⟧|…|$)/, with: " ") }.joined(separator: "\n")
        for item in data { text = text.replacingOccurrences(of: item, with: " ") }
        text = text.replacingOccurrences(of: keyNames, with: " ", options: .regularExpression)
        // A data word, or the start of one a narrow column cut ("Olga Stop…").
        let dataWords = data.flatMap { $0.split(separator: " ") }
        return text.matches(of: /[A-Za-z]{3,}/).map { String($0.output) }.filter { word in
            !dataWords.contains { $0.hasPrefix(word) }
        }
    }
}
