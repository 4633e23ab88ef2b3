import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

extension FrontDeskTerminalTests {
    /// Issue 48 section 3 at the desk: the built binary in tmux. `g` on the list asks how many
    /// guests come in with Ana; 2 and Enter check her in with them (the banner says so, "Inside
    /// now" counts three and names them); `g` again is refused while she is inside; a guest who
    /// leaves alone at the shell leaves Ana inside; past the plan's allowance the banner says so.
    @Test func gChecksAMemberInWithGuests() throws {
        let binary = try DeskBinary()
        try binary.writeConfig("""
            [reader]
            name = "no reader for the front-desk tests"
            [occupancy]
            capacity = 40
            [plans.catalogue.monthly]
            kind = "open"
            price = "45.00"
            valid_days = 30
            guests_per_month = 3

            """)
        try #require(binary.run(["members", "add", "--pass", "04A1B2C3", "--name", "Ana López"]).status == 0)
        try #require(binary.run(["members", "sell", "04A1B2C3", "monthly"]).status == 0)
        let tmux = try TmuxSession(command: [DeskBinary.path], environment: binary.terminalEnvironment,
                                   directory: binary.home.path, width: 100, height: 30)
        defer { tmux.kill() }
        try tmux.waitFor("Ana López")
        try tmux.type("g")
        try tmux.waitFor("How many guests come in with Ana López?")
        try tmux.type("x")
        try tmux.press("Enter")
        try tmux.waitFor("type how many guests, 1 to 50")
        try tmux.press("BSpace")
        try tmux.type("2")
        try tmux.press("Enter")
        try tmux.waitFor("Welcome, Ana López — first visit · 2 guests")
        try tmux.type("i")
        let inside = try tmux.waitFor("Inside now (3 of 40)")
        #expect(inside.contains("Ana López +2"))
        try tmux.type("i")
        try tmux.waitFor("Members (1)")
        try tmux.type("g")
        try tmux.waitFor("How many guests come in with Ana López?")
        try tmux.type("1")
        try tmux.press("Enter")
        try tmux.waitFor("Already inside — guests come in with their host's entry")
        // One guest goes home; at the shell, Ana and the other stay.
        let left = try binary.run(["checkout", "04A1B2C3", "--guests", "1"])
        #expect(left.status == 0 && left.stdout.contains("1 guest of Ana López left — 1 still inside"), "\(left)")
        #expect(try binary.run(["inside"]).stdout.contains("2 inside of 40"))
        #expect(try binary.run(["checkout", "04A1B2C3"]).status == 0)
        // Two used of three: two more are refused at the desk, with what is left.
        try tmux.type("g")
        try tmux.waitFor("How many guests come in with Ana López?")
        try tmux.type("2")
        try tmux.press("Enter")
        try tmux.waitFor("Guest allowance: 1 of 3 left this month")
        try tmux.press("F10")
    }
}
