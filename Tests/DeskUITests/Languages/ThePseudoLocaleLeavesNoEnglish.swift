import Foundation
import MemberDeskTestSupport
import Testing

/// Issue 50: under the pseudo-locale (every message ⟦wrapped⟧ and longer) the desk's screens show
/// no English outside the brackets but the data: a message nobody marked would.
@Test func thePseudoLocaleLeavesNoEnglishOnTheDesk() throws {
    let desk = try LanguageDesk(environment: ["LANG": "C.UTF-8", "LANGUAGE": "en@pseudo"], width: 80, height: 24)
    defer { desk.tmux.kill() }
    let tmux = desk.tmux
    var screens: [(String, String)] = []
    screens.append(("start", try tmux.waitFor("the list and the status bar") { $0.contains(LanguageDesk.suspended) && $0.contains("⟦Réádér") }))
    try tmux.press(LanguageDesk.ana, "Enter")
    screens.append(("welcome", try tmux.waitFor("⟦Wélçómé,")))
    try tmux.press(LanguageDesk.suspended, "Enter")
    screens.append(("refusal", try tmux.waitFor("⟦Súšpéñdéd")))
    try tmux.press("Escape")
    try tmux.press("F1")
    screens.append(("help", try tmux.waitFor("⟦Hélp — ")))
    try tmux.press("Escape")
    try tmux.waitFor("help closed") { !$0.contains("⟦Hélp — ") }
    try tmux.press("Home")
    try tmux.press("F2")
    screens.append(("form", try tmux.waitFor("⟦Mémbér: ")))
    try tmux.press("Escape")
    try tmux.waitFor("the form closed") { !$0.contains("⟦Mémbér: ") }
    try tmux.press("s")
    screens.append(("stats", try tmux.waitFor("⟦Státš (")))
    for (step, screen) in screens {
        #expect(UnwrappedEnglish.words(in: screen).isEmpty, "\(step): \(UnwrappedEnglish.words(in: screen))\n\(screen)")
        try desk.expectEveryRowFits(step)
    }
    try tmux.press("q")
    try tmux.waitFor("[exited 0]")
}
