import Foundation
import MemberDeskTestSupport
import Testing

/// Issue 50: under de_DE.UTF-8 and zh_CN.UTF-8 the desk's welcome, a refusal, the member form,
/// the help screen and the stats view are in that language, whole, at 80×24 and 120×40.
@Suite(.serialized) struct TheDeskSpeaksTheLocalesLanguage {
    static let sizes = [(80, 24), (120, 40)]

    @Test(arguments: [DeskLanguageWords.german, .chinese], [0, 1])
    func welcomeRefusalFormHelpAndStats(_ words: DeskLanguageWords, size: Int) throws {
        let (width, height) = Self.sizes[size]
        let desk = try LanguageDesk(environment: ["LANG": words.locale], width: width, height: height)
        defer { desk.tmux.kill() }
        let tmux = desk.tmux
        let start = try tmux.waitFor("\(words.members) and the idle banner") {
            $0.contains(words.members) && $0.contains(words.idle)
        }
        #expect(start.contains("F10" + words.quitKey), "\(start)")
        try desk.expectEveryRowFits("start")

        try tmux.press(LanguageDesk.ana, "Enter")
        try tmux.waitFor(words.welcome)
        try desk.expectEveryRowFits("welcome")

        try tmux.press(LanguageDesk.suspended, "Enter")
        // The banner's headline alone on its row (the list's status column may hold the same word).
        try tmux.waitFor("the refusal") { screen in
            screen.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == words.refusal }
        }
        try desk.expectEveryRowFits("refusal")
        try tmux.press("Escape")

        try tmux.press("F1")
        let help = try tmux.waitFor(words.help)
        #expect(help.contains(words.helpLine))
        try desk.expectEveryRowFits("help")
        try tmux.press("Escape")
        try tmux.waitFor("help closed") { !$0.contains(words.help) }

        // Ana checked in last but one: the list sorts by last visit, so she is first.
        try tmux.press("Home")
        try tmux.press("F2")
        // The form is drawn a row at a time: its labels are waited for, not read off the first frame with its title.
        try tmux.waitFor("the form with \(words.formLabels)") { screen in
            screen.contains(words.formTitle) && words.formLabels.allSatisfy { screen.contains($0) }
        }
        try desk.expectEveryRowFits("form")
        try tmux.press("Escape")
        try tmux.waitFor("the form closed") { !$0.contains(words.formTitle) }

        try tmux.press("s")
        try tmux.waitFor(words.stats)
        try desk.expectEveryRowFits("stats")
        try tmux.press("q")
        try tmux.waitFor("[exited 0]")
    }
}
