import Foundation
import MemberDeskTestSupport
import Testing

/// Issue 50: `memberdesk checkin` says its lines in the desk's language (the config's `language`
/// over the environment), leaves no unmarked English under the pseudo-locale, and keeps --json
/// English; `members list` and `--help` speak it too.
@Suite struct CommandsSpeakTheLanguageTests {
    func desk() throws -> DeskBinary {
        let desk = try DeskBinary()
        try #require(desk.run(["members", "add", "--pass", "04A1B2C3", "--name", "Ana López", "--plan", "pack", "--visits", "5"]).status == 0)
        return desk
    }

    @Test func theLocaleAndThenTheConfigChooseTheLanguage() throws {
        var desk = try desk()
        desk.extraEnvironment = ["LANG": "zh_CN.UTF-8"]
        #expect(try desk.run(["checkin", "04A1B2C3"]).stdout == "欢迎，Ana López — 首次到访\n剩余 4 次\n")
        // The config's key wins over LANG.
        try desk.writeConfig("language = \"de\"\n")
        let again = try desk.run(["checkin", "04A1B2C3"]).stdout
        #expect(again.hasPrefix("Schon vor ") && again.hasSuffix(" eingecheckt\nNoch 4 Besuche\n"), "\(again)")
        let json = try desk.run(["checkin", "04A1B2C3", "--json"]).stdout
        #expect(json.contains("\"outcome\"") && !json.contains("eingecheckt") && !json.contains("Besuche"), "\(json)")
    }

    @Test func thePseudoLocaleWrapsEveryLine() throws {
        var desk = try desk()
        desk.extraEnvironment = ["LANGUAGE": "en@pseudo"]
        for pass in ["04A1B2C3", "04FFFF01"] {
            let lines = try desk.run(["checkin", pass]).stdout.split(separator: "\n")
            #expect(!lines.isEmpty)
            for line in lines {
                let unwrapped = line.replacing(/⟦[^⟧]*⟧/, with: "").replacingOccurrences(of: "Ana López", with: "")
                    .replacingOccurrences(of: pass, with: "")
                #expect(unwrapped.firstMatch(of: /[A-Za-z]{3,}/) == nil, "\(pass): \(line)")
            }
        }
    }

    @Test func theMemberListAndHelpSpeakTheLanguage() throws {
        var desk = try desk()
        desk.extraEnvironment = ["LANG": "de_DE.UTF-8"]
        let list = try desk.run(["members", "list"]).stdout
        let header = list.split(separator: "\n").first.map { $0.split(separator: " ") } ?? []
        #expect(header == ["Name", "Karte", "E-Mail", "Besuche", "Zuletzt", "Status"], "\(list)")
        #expect(list.contains(" aktiv\n"), "\(list)")
        let help = try desk.run(["checkin", "--help"]).stdout
        #expect(help.contains("Eine Karte von Hand einchecken"), "\(help)")
    }
}
