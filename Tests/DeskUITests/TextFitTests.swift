@testable import DeskUI
import MemberKit
import TerminalColumns
import Testing

/// The one truncation rule: cut at the end with "…"; in a line that names someone, cut the name, keep the facts.
@Suite struct TextFitTests {
    @Test func aCutLineEndsInAnEllipsis() {
        #expect(TextFit.truncate("Bluetooth is not available", to: 12) == "Bluetooth i…")
        #expect(TextFit.truncate("short", to: 12) == "short")
        #expect(TextWidth.of(TextFit.truncate("山田太郎山田太郎", to: 7)) <= 7)
    }

    @Test func aNamedLineCutsTheNameAndKeepsTheFacts() {
        let line = TextFit.named(before: "Welcome back, ", name: "Maximiliana Sigmaringen-Hohenzollern", after: " — visit #3", width: 40)
        #expect(line == "Welcome back, Maximiliana Si… — visit #3")
        #expect(TextWidth.of(line) == 40 || TextWidth.of(line) < 40)
        #expect(TextFit.named(before: "Hi ", name: "Ann", after: " — visit #3", width: 40) == "Hi Ann — visit #3")
    }

    @Test func aNamedLineTooNarrowForTheFactsIsCutAtTheEnd() {
        let line = TextFit.named(before: "Welcome back, ", name: "Ann", after: " — visit #3", width: 12)
        #expect(line == "Welcome bac…")
    }

    @Test func wrappingBreaksAtSpacesAndIndentsWhatFollows() {
        let lines = TextFit.wrap("search name, pass and email as you type", width: 20, indent: 2)
        #expect(lines == ["search name, pass", "  and email as you", "  type"])
        #expect(lines.allSatisfy { TextWidth.of($0) <= 20 })
        #expect(TextFit.wrap("a-very-long-word-without-spaces", width: 10) == ["a-very-lon", "g-word-wit", "hout-space", "s"])
    }
}
