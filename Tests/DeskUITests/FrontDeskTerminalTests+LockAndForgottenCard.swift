import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

/// Issue 46 items 5, 6, 7 and 10 (the status bar), on the built binary in tmux.
extension FrontDeskTerminalTests {
    /// The desk's own process: the pane runs a shell, which runs the binary (then echoes its status).
    static func deskProcess(in tmux: TmuxSession) throws -> pid_t? {
        guard let shell = tmux.panePid else { return nil }
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        return children.split(separator: " ").first.flatMap { pid_t($0) }
    }

    /// Item 5: `Locked` on the bar, q, F10 and Ctrl-C ask for a staff sign-in; Mia's PIN quits;
    /// SIGTERM stops a locked desk at once, with status 0.
    @Test func aLockedDeskQuitsOnlyAfterASignInAndSIGTERMStopsIt() throws {
        let binary = try DeskBinary()
        try binary.writeConfig("[reader]\nname = \"no reader for the front-desk tests\"\n")
        try #require(binary.run(["members", "add", "--pass", "04A1B2C3", "--name", "Ana López"]).status == 0)
        try #require(binary.run(["staff", "add", "Mia", "--role", "manager", "--pin-stdin"], stdin: "4821\n").status == 0)
        let locked = try TmuxSession(command: [DeskBinary.path], environment: binary.terminalEnvironment,
                                     directory: binary.home.path, width: 100, height: 30)
        defer { locked.kill() }
        try locked.waitFor("Locked")
        for key in ["q", "F10", "C-c"] {
            try locked.press(key)
            try locked.waitFor("The desk is locked: sign in to quit")
            try locked.press("Escape")
            try locked.waitFor("the sign-in closed") { !$0.contains("sign in to quit") && !$0.contains("[exited") }
        }
        try locked.press("q")
        try locked.waitFor("Operator:")
        try locked.type("Mia")
        try locked.press("Enter")
        try locked.type("4821")
        try locked.press("Enter")
        try locked.waitFor("[exited 0]", timeout: 30)

        let again = try TmuxSession(command: [DeskBinary.path], environment: binary.terminalEnvironment,
                                    directory: binary.home.path, width: 100, height: 30)
        defer { again.kill() }
        try again.waitFor("Locked")
        let pid = try #require(try Self.deskProcess(in: again))
        #expect(kill(pid, SIGTERM) == 0)
        try again.waitFor("[exited 0]", timeout: 5)
    }

    /// Item 6: `v` on the member found by a search checks her in by hand; at F4 a name offers the
    /// members it names, and the one chosen is checked in; no member is enrolled.
    @Test func vAndANameAtF4CheckInAMemberWhoForgotTheirCard() throws {
        let (binary, tmux) = try desk([("Ana López", "04A1B2C3"), ("Kenji Sato", "04C0DE01"), ("Kenji Tanaka", "04C0DE02")],
                                      width: 120, height: 30)
        defer { tmux.kill() }
        try tmux.waitForList(3)
        // One key at a time, each waited for: "/ana" and Enter at once would be a wedge's scan.
        try tmux.press("/")
        try tmux.waitFor("the search field") { $0.contains("Search [/]:") && !$0.contains("name, pass or email") }
        try tmux.type("ana")
        try tmux.waitFor("only Ana") { $0.contains("Members (1)") }
        try tmux.press("Enter")
        try tmux.waitForList(1)
        try tmux.press("v")
        try tmux.waitFor("Welcome, Ana López — first visit")
        #expect(try binary.run(["members", "show", "04A1B2C3", "--json"]).stdout.contains("\"numVisits\":1"))

        try tmux.press("F4")
        try tmux.waitFor("Type or paste a pass id")
        try tmux.type("Kenji")
        try tmux.press("Enter")
        try tmux.waitFor("both Kenjis offered") {
            $0.contains("“Kenji” is no member's pass") && $0.contains("Kenji Sato · pass 04C0DE01") && $0.contains("Kenji Tanaka · pass 04C0DE02")
        }
        try tmux.press("Down")
        try tmux.press("Enter")
        let welcomed = try tmux.waitFor("Welcome, Kenji Tanaka — first visit")
        #expect(!welcomed.contains("is not a member"))
        #expect(welcomed.contains("3 members"))
        #expect(try binary.run(["members", "show", "04C0DE02", "--json"]).stdout.contains("\"numVisits\":1"))
        try tmux.press("F10")
        try tmux.waitFor("[exited 0]")
    }

    /// Item 7: a refusal (the club is full) says that `l` lets the member in anyway; `l` does.
    @Test func aRefusalBannerSaysThatLLetsTheMemberIn() throws {
        let binary = try DeskBinary()
        try binary.writeConfig("[reader]\nname = \"no reader for the front-desk tests\"\n[occupancy]\ncapacity = 1\n")
        for (name, pass) in [("Ana López", "04A1B2C3"), ("Bo Berg", "04A1B2C4")] {
            try #require(binary.run(["members", "add", "--pass", pass, "--name", name]).status == 0)
        }
        try #require(binary.run(["checkin", "04A1B2C3"]).status == 0)
        let tmux = try TmuxSession(command: [DeskBinary.path], environment: binary.terminalEnvironment,
                                   directory: binary.home.path, width: 100, height: 30)
        defer { tmux.kill() }
        try tmux.waitFor("Inside 1/1")
        try tmux.press("F4")
        try tmux.waitFor("Type or paste a pass id")
        try tmux.type("04A1B2C4")
        try tmux.press("Enter")
        try tmux.waitFor("the refusal and its way in") { $0.contains("Full (1/1)") && $0.contains("Press l to let them in anyway") }
        try tmux.press("l")
        try tmux.waitFor("Inside 2/1")
        try tmux.press("F10")
        try tmux.waitFor("[exited 0]")
    }

    /// Item 10: at 100 columns the bar keeps `Sync: 2 desks · N s ago`, the desk a third one
    /// retired left out of the count.
    @Test func at100ColumnsTheBarKeepsSyncAndLeavesARetiredDeskOut() throws {
        let folder = try TemporaryDirectory()
        var desks: [DeskBinary] = []
        // Short names: the bar's room goes to what this test reads.
        for name in ["A", "B", "C"] {
            let binary = try DeskBinary()
            try binary.writeConfig("terminal_name = \"\(name)\"\n[reader]\nname = \"no reader for the front-desk tests\"\n"
                                   + "[sync]\nfolder = \"\(folder.path)\"\n")
            try #require(binary.run(["members", "add", "--pass", "04A1B2C\(desks.count)", "--name", name]).status == 0)
            try #require(binary.run(["sync", "now"]).status == 0)
            desks.append(binary)
        }
        let status = try desks[2].run(["sync", "status", "--json"]).stdout
        let object = try JSONSerialization.jsonObject(with: Data(status.utf8)) as? [String: Any]
        let cId = try #require(object?["terminalId"] as? String)
        try #require(desks[0].run(["sync", "now"]).status == 0)
        let retired = try desks[0].run(["sync", "retire", cId])
        try #require(retired.status == 0, "\(retired.stderr)")
        let tmux = try TmuxSession(command: [DeskBinary.path], environment: desks[0].terminalEnvironment,
                                   directory: desks[0].home.path, width: 100, height: 30)
        defer { tmux.kill() }
        let screen = try tmux.waitFor("Sync: 2 desks · ")
        #expect(!screen.contains("Sync: 3 desks"))
        try tmux.press("F10")
        try tmux.waitFor("[exited 0]")
    }
}
