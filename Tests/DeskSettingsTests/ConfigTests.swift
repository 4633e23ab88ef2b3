import DeskSettings
import Foundation
import MemberKit
import Testing

@Suite struct ConfigTests {
    @Test func emptyFileGivesDefaults() throws {
        let config = try DeskConfig.parse("")
        #expect(config == DeskConfig())
        #expect(config.debounceSeconds == 60 && config.enrolment == .auto && config.terminalName == "Front desk")
    }

    @Test func readsEveryKindOfKey() throws {
        let config = try DeskConfig.parse("""
            terminal_name = "Gym 2"
            debounce_seconds = 5
            enrolment = "prompt"
            [reader]
            feedback = false
            [regions]
            http_allowlist = ["example.org"]
            script_timeout = 0.5
            """)
        #expect(config.terminalName == "Gym 2" && config.debounceSeconds == 5 && config.enrolment == .prompt)
        #expect(config.reader.feedback == false)
        #expect(config.regions.httpAllowlist == ["example.org"] && config.regions.scriptTimeout == 0.5)
    }

    @Test(arguments: [
        ("colour = 1", "unknown config key 'colour'"),
        ("[reader]\nbeep = true", "unknown config key 'reader.beep'"),
        ("debounce_seconds = \"soon\"", "config key 'debounce_seconds': expected a number"),
        ("debounce_seconds = -1", "config key 'debounce_seconds': -1 is out of range"),
        ("enrolment = \"maybe\"", "config key 'enrolment': expected one of auto, prompt, deny"),
        ("terminal_name = \"\"", "config key 'terminal_name': must not be empty"),
        ("reader = 3", "unknown config key 'reader'"),
        ("this is not toml", "line 1"),
        // Found by fuzzing: toml++ asserted on control characters in a table header.
        ("[\u{2}", "line 1: control character U+0002"),
        ("[\n", "line 1"),
        ("\u{FEFF}[ :", "line 1: a table header needs a name"),
        ("[\u{06E8}[", "line 1: a table header needs a name"),
        ("[reader]\nfeedback = true\n[[ \u{0301}x]]", "line 3: a table header needs a name"),
        ("a = 1\n[\u{0}x]", "line 2: control character U+0000"),
    ])
    func badConfigNamesTheKey(text: String, message: String) {
        do {
            _ = try DeskConfig.parse(text)
            Issue.record("accepted \(text)")
        } catch {
            #expect("\(error)".contains(message), "\(error)")
        }
    }

    @Test func renderedConfigParsesBackToItself() throws {
        var config = DeskConfig()
        config.terminalName = "Desk \"A\""
        config.regions.httpAllowlist = ["a", "b"]
        config.debounceSeconds = 2.5
        let body = config.rendered()
        #expect(try DeskConfig.parse(body) == config)
    }

    /// Found by the DeskConfig fuzz target: `organization = "Harbo\r"` (a TOML escape) was rendered
    /// with a raw carriage return, which TOML refuses, so `config show` did not read back (and
    /// printed a control character).
    @Test func controlCharactersInAValueAreRenderedAsEscapes() throws {
        let file = "[wallet]\norganization = \"Harbo\\r\\u0001\\u007F\\t\\n\"\n"
        let config = try DeskConfig.parse(file)
        #expect(config.wallet.organization == "Harbo\r\u{01}\u{7F}\t\n")
        let body = config.rendered()
        #expect(!body.unicodeScalars.contains { $0 != "\n" && ($0.value < 0x20 || $0.value == 0x7F) })
        #expect(body.contains("organization = \"Harbo\\r\\u0001\\u007F\\t\\n\""))
        #expect(try DeskConfig.parse(body) == config)
    }

    @Test func xdgPathsAndOverrides() {
        let paths = DeskPaths(environment: ["HOME": "/home/desk"])
        #expect(paths.database() == "/home/desk/.local/share/memberdesk/members.sqlite")
        #expect(paths.config() == "/home/desk/.config/memberdesk/config.toml")
        #expect(paths.logFile == "/home/desk/.local/state/memberdesk/memberdesk.log")
        let env = DeskPaths(environment: ["HOME": "/h", "XDG_DATA_HOME": "/d", "MEMBERDESK_DB": "/x.sqlite"])
        #expect(env.database() == "/x.sqlite")
        #expect(env.database(override: "/y.sqlite") == "/y.sqlite")
        #expect(DeskPaths(environment: ["HOME": "/h", "XDG_DATA_HOME": "/d"]).database() == "/d/memberdesk/members.sqlite")
    }
}
