import DeskUI
import Foundation
import MemberKit
import Testing

/// Tab to the event log, Enter: its selected line shows whole in a dialog, wrapped to the
/// screen, instead of opening a member's form.
@Test(arguments: screenSizes)
func eventLogShowsALineWhole(size: (width: Int, height: Int)) throws {
    let scenario = try Scenario(size: size, members: [(longName, "04A1B2C3")])
    try scenario.waitFor("Members (1)")
    try scenario.tap("04A1B2C3")
    try scenario.waitFor("— first visit")
    scenario.terminal.press(.escape, .tab, .enter)
    try scenario.waitFor("Event log · ")
    let rows = scenario.dialogRows(titled: "Event log · ")
    let text = rows.joined(separator: " ").split(separator: " ").joined(separator: " ")
    #expect(text.contains("nfc: \(longName) — Welcome, \(longName) — first visit"))
    #expect(!scenario.terminal.screen.contains("Member: "))
    scenario.terminal.press(.escape)
    try scenario.waitFor("the desk") { !$0.contains("Event log · ") }
}

/// The log names members by name and pass, never by internal id: a deletion, and a pass already taken.
@Test(arguments: screenSizes)
func messagesNameMembersByName(size: (width: Int, height: Int)) throws {
    let scenario = try Scenario(size: size)
    try scenario.waitFor("Members (2)")
    let ana = try #require(try scenario.database.member(idOrPass: "04A1B2C3"))
    try scenario.club.deleteMember(id: ana.memberId)
    let deleted = try scenario.waitFor("deleted Ana López (pass 04A1B2C3)")
    #expect(!deleted.contains(ana.memberId.prefix(8)))
    scenario.terminal.press(.function(7))
    try scenario.waitFor("New member")
    scenario.terminal.type("Someone")
    scenario.terminal.press(.tab)
    scenario.terminal.type("04A1B2C4")
    scenario.terminal.press(.enter)
    try scenario.waitFor("pass 04A1B2C4 already belongs to 山田太郎")
}
