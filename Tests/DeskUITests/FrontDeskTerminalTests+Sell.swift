import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

extension FrontDeskTerminalTests {
    /// Issue 48 section 6 at the desk: the built binary in tmux, a club with a catalogue. `$` on the
    /// list opens the plans with their prices, ↓ Enter sells the ten-pack to Ana, the log says so,
    /// and the record (read by the CLI) holds the sale; the list shows her pack.
    @Test func dollarSellsAPlanOfTheCatalogue() throws {
        let binary = try DeskBinary()
        try binary.writeConfig("""
            [reader]
            name = "no reader for the front-desk tests"
            [plans]
            currency = "EUR"
            [plans.catalogue.ten-pack]
            kind = "pack"
            visits = 10
            price = "120.00"
            [plans.catalogue.monthly]
            kind = "open"
            price = "45.00"
            valid_days = 30

            """)
        try #require(binary.run(["members", "add", "--pass", "04A1B2C3", "--name", "Ana López"]).status == 0)
        let tmux = try TmuxSession(command: [DeskBinary.path], environment: binary.terminalEnvironment,
                                   directory: binary.home.path, width: 100, height: 30)
        defer { tmux.kill() }
        try tmux.waitFor("Members (1)")
        try tmux.waitFor("Ana López")
        try tmux.type("$")
        let dialog = try tmux.waitFor("Sell a plan to Ana López")
        #expect(dialog.contains("▸ monthly · open, 30 days · 45.00 EUR") && dialog.contains("ten-pack · pack, 10 visits · 120.00 EUR"))
        #expect(dialog.contains("day · day, until closing · 0.00 EUR"))
        try tmux.press("Down")
        try tmux.press("Enter")
        try tmux.waitFor("sale: ten-pack sold to Ana López for 120.00 EUR")
        let audit = try binary.run(["audit", "--action", "sale", "--json"])
        #expect(audit.stdout.contains("\"plan\":\"ten-pack\"") && audit.stdout.contains("\"price\":\"120.00\""), "\(audit.stdout)")
        #expect(try binary.run(["members", "show", "04A1B2C3", "--json"]).stdout.contains("\"visitsLeft\":10"))
        try tmux.press("F10")
    }
}
