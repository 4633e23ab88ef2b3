import DeskUI
import Foundation
import MemberKit
import Testing

/// `$` on the member list: the catalogue's plans with their prices (here only the built-in day
/// pass: the scenario's club has no catalogue); Enter sells it to the selected member, the log
/// says so, and the record holds the sale.
@Test func sellKeySellsADayPass() throws {
    let scenario = try Scenario(members: [("Ana López", "04A1B2C3")])
    try scenario.waitForList(1)
    scenario.terminal.type("$")
    let dialog = try scenario.waitFor("the sell dialog") { $0.contains("Sell a plan to Ana López") }
    #expect(dialog.contains("▸ day · day, until closing · 0.00"))
    scenario.terminal.press(.enter)
    try scenario.waitFor("sale: day sold to Ana López for 0.00")
    let sales = try scenario.audit(.sale)
    #expect(sales.count == 1 && sales.first?.detail["plan"] == "day" && sales.first?.detail["price"] == "0.00")
    let ana = try #require(try scenario.database.member(idOrPass: "04A1B2C3"))
    #expect(ana.plan == .open && ana.expiresAt != nil)
}
