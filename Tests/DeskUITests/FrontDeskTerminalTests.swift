import Foundation
import MemberDeskTestSupport
import MemberKit
import TerminalColumns
import Testing

/// The built binary in a real terminal (tmux), on a temporary database: keys in, screen out.
@Suite(.serialized) struct FrontDeskTerminalTests {
    func desk(_ members: [(String, String)] = [("Ana López", "04A1B2C3"), ("山田太郎", "04A1B2C4")],
              environment: [String: String] = [:], width: Int = 100, height: Int = 30) throws -> (DeskBinary, TmuxSession) {
        let binary = try DeskBinary()
        // Watch no real reader: the card tests' virtual reader may be up, and its taps are theirs.
        try binary.writeConfig("[reader]\nname = \"no reader for the front-desk tests\"\n")
        for (name, pass) in members { try #require(binary.run(["members", "add", "--pass", pass, "--name", name]).status == 0) }
        var env = binary.terminalEnvironment
        for (key, value) in environment { env[key] = value }
        let session = try TmuxSession(command: [DeskBinary.path], environment: env.filter { !$0.value.isEmpty },
                                      directory: binary.home.path, width: width, height: height)
        return (binary, session)
    }

    @Test func startsSearchesEditsChecksInAndQuits() throws {
        let (binary, tmux) = try desk()
        defer { tmux.kill() }
        // No reader (or no pcscd) and no Bluetooth: it starts and says so.
        try tmux.waitFor("2 members")
        // The reader monitor and the beacon scanner report in their own time.
        let first = try tmux.waitFor("no reader and no Bluetooth in the status bar") { screen in
            (screen.contains("Reader: none") || screen.contains("Reader: pcscd down"))
                && (screen.contains("Bluetooth: off") || screen.contains("BT: off"))
        }
        #expect(first.contains("F10Quit"))
        #expect(first.contains("Ana López"))

        try tmux.press("/")
        try tmux.type("山田")
        try tmux.waitFor("no Ana López in the list") { screen in
            screen.contains("山田太郎") && screen.contains("Members (1)")
        }
        try tmux.press("Escape")
        // Esc reads the list again from the top: F2 waits for its rows, not only its count.
        try tmux.waitForList(2)

        // Edit the selected member's note through the form.
        try tmux.press("Home")
        try tmux.press("F2")
        try tmux.waitFor("Visit history")
        for _ in 0..<5 { try tmux.press("Down") }
        try tmux.type("Locker 12")
        try tmux.press("Enter")
        try tmux.waitFor("updated")
        let shown = try binary.run(["members", "show", "04A1B2C3", "--json"]).stdout
            + binary.run(["members", "show", "04A1B2C4", "--json"]).stdout
        #expect(shown.contains("Locker 12"))

        // Check in by hand.
        try tmux.press("F4")
        try tmux.waitFor("Type or paste a pass id")
        try tmux.type("04a1b2c3")
        try tmux.press("Enter")
        try tmux.waitFor("Welcome, Ana López — first visit")
        try tmux.waitFor("Inside 1 ")

        // "Inside now", and a staff check-out from it.
        try tmux.press("i")
        try tmux.waitFor("Inside now (1)")
        try tmux.press("x")
        try tmux.waitFor("the Goodbye banner and Inside 0") { screen in
            screen.contains("Goodbye, Ana López — ") && screen.contains("Inside 0 ") && screen.contains("Nobody is inside")
        }

        try tmux.press("F10")
        try tmux.waitFor("[exited 0]")
    }

    @Test func importsThroughTheReviewDialogAndExports() throws {
        // Another terminal's list, as a .musrl file.
        let other = try DeskBinary()
        try #require(other.run(["members", "add", "--pass", "04BEEF01", "--name", "Olga Other"]).status == 0)
        try #require(other.run(["members", "add", "--pass", "04BEEF02", "--name", "Piet Other"]).status == 0)
        let file = other.home.file("other.musrl")
        try #require(other.run(["export", file]).status == 0)

        let (binary, tmux) = try desk()
        defer {
            tmux.kill()
            withExtendedLifetime(binary) {}
        }
        try tmux.waitFor("2 members")
        try tmux.press("F6")
        try tmux.waitFor("Import members")
        try tmux.type(file)
        try tmux.press("Enter")
        // The whole dialog: a capture can fall between the rows of one redraw.
        let review = try tmux.waitFor("the import review") {
            $0.contains("Received 2 users to import. Would you like to save them?") && $0.contains("[ Merge ]")
        }
        #expect(review.contains("2 new"))
        #expect(review.contains("Olga Other"))
        #expect(review.contains("[ Merge ]"))
        try tmux.press("Enter")
        try tmux.waitFor("4 members")
        #expect(try binary.run(["members", "show", "04BEEF01"]).status == 0)

        try tmux.press("F5")
        try tmux.waitFor("Export members")
        let exported = binary.home.file("out.mucsv")
        try tmux.press("BSpace", times: 120)
        try tmux.type(exported)
        try tmux.press("Tab")  // musrl → mucsv
        try tmux.press("Enter")
        try tmux.waitFor("exported 4 members")
        let text = try String(contentsOfFile: exported, encoding: .utf8)
        #expect(text.contains("Olga Other") && text.contains("Ana López"))
        try tmux.press("Escape")
        try tmux.press("F10")
        try tmux.waitFor("[exited 0]")
    }

    @Test func aWedgeBurstChecksIn() throws {
        let (binary, tmux) = try desk()
        defer { withExtendedLifetime(binary) {} }
        defer { tmux.kill() }
        try tmux.waitFor("Ana López")
        // tmux delivers the whole string at once: a keyboard wedge's burst.
        try tmux.press("04A1B2C4", "Enter")
        try tmux.waitFor("Welcome, 山田太郎 — first visit")
        try tmux.press("q")
        try tmux.waitFor("[exited 0]")
    }

    /// SGR colour codes (foreground 30–37/90–97, background 40–47, 256-colour 38;5 / 48;5).
    static func hasColour(_ styled: String) -> Bool {
        styled.range(of: "\u{1B}\\[[0-9;]*(3[0-7]|4[0-7]|9[0-7]|38;5;[0-9]+)m", options: .regularExpression) != nil
    }

    @Test func colourByDefaultAndNoneUnderNO_COLOR() throws {
        for noColor in [false, true] {
            let (binary, tmux) = try desk(environment: noColor ? ["NO_COLOR": "1"] : [:])
            defer {
                tmux.kill()
                withExtendedLifetime(binary) {}
            }
            try tmux.waitFor("2 members")
            try tmux.press("F4")
            try tmux.type("04A1B2C3")
            try tmux.press("Enter")
            try tmux.waitFor("Welcome, Ana López")
            let styled = try tmux.styledScreen()
            #expect(Self.hasColour(styled) == !noColor, "NO_COLOR=\(noColor)")
            // Either way the banner stands out: reverse video.
            #expect(styled.contains("\u{1B}[7m") || styled.contains(";7m") || styled.contains("[7;"))
            try tmux.press("F10")
            try tmux.waitFor("[exited 0]")
        }
    }

    @Test func resizesLive() throws {
        let (binary, tmux) = try desk()
        defer {
            tmux.kill()
            withExtendedLifetime(binary) {}
        }
        try tmux.waitFor("2 members")
        try tmux.resize(width: 150, height: 40)
        // Wide: the beacon pane moves beside the list.
        try tmux.waitFor("the side panes beside the list") { $0.contains("┐┌ Beacons") }
        try tmux.resize(width: 80, height: 24)
        let narrow = try tmux.waitFor("the narrow layout") { !$0.contains("Beacons") && $0.contains("Event log") }
        #expect(narrow.split(separator: "\n").allSatisfy { TextWidth.of(String($0)) <= 80 })
        try tmux.press("F10")
        // After a resize the shell's "[exited 0]" may scroll out of the restored screen.
        try tmux.waitFor("the desk to quit") { $0.contains("[exited 0]") || $0.contains("Pane is dead") }
    }

    @Test func withoutTERMItSaysSoAndExitsOne() throws {
        let (binary, tmux) = try desk(environment: ["TERM": ""])
        defer {
            tmux.kill()
            withExtendedLifetime(binary) {}
        }
        let screen = try tmux.waitFor("[exited 1]")
        #expect(screen.contains("memberdesk: TERM is not set"))
    }

    @Test func anUnknownTERMSaysSoAndExitsOne() throws {
        let (binary, tmux) = try desk(environment: ["TERM": "no-such-terminal-xyz"])
        defer {
            tmux.kill()
            withExtendedLifetime(binary) {}
        }
        let screen = try tmux.waitFor("[exited 1]")
        #expect(screen.contains("unknown terminal type 'no-such-terminal-xyz'"))
    }
}
