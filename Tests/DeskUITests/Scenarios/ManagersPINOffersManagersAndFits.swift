import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

/// Issue 28 item 12: the "Manager's PIN" dialog names the managers and offers only them with ↑↓;
/// its words, and the sign-in's, are whole at 80 columns.
@Test func managersPINOffersManagersAndFits() throws {
    let zoe = Scenario.StaffSeed(name: "Zoe", role: .manager, pin: "5555")
    let scenario = try Scenario(width: 80, height: 24, operators: [Scenario.bo, Scenario.mia, zoe])
    try scenario.waitFor("Locked")
    // A locked desk asks for a sign-in first: its sentence whole.
    scenario.terminal.press(.function(4))
    try scenario.waitFor("Operator:")
    let signIn = scenario.dialogRows(titled: "Sign in").joined(separator: " ")
    #expect(signIn.contains("Sign in to do that: tap your staff card, or type your name, then your PIN."), "\(signIn)")
    scenario.terminal.press(.escape)
    try scenario.waitFor("the sign-in closed") { !$0.contains("Operator:") }

    scenario.terminal.press(.control("l"))
    try scenario.signIn("Bo", pin: "1111")
    try scenario.waitFor("On duty: Bo")
    try scenario.waitForList(2)
    scenario.terminal.press(.function(8))
    try scenario.waitFor("Delete member")
    scenario.terminal.press(.character("y"))
    // Wrapped inside the dialog, never cut.
    try scenario.waitFor("the managers named") { _ in
        scenario.dialogRows(titled: "Manager's PIN").joined(separator: " ")
            .contains("A manager's PIN is needed to delete a member. Mia, Zoe (↑↓ to choose).")
    }
    scenario.terminal.press(.down)
    try scenario.waitFor("Mia offered") { $0.contains("Operator: Mia") }
    scenario.terminal.press(.down)
    try scenario.waitFor("Zoe offered") { $0.contains("Operator: Zoe") }
    scenario.terminal.press(.down)
    try scenario.waitFor("round to Mia, past Bo") { $0.contains("Operator: Mia") }
}
