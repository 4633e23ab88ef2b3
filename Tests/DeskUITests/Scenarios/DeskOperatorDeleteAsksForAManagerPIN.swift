import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

/// A desk operator, signed in with a staff card tapped and a PIN, may not delete: the desk asks
/// for a manager's PIN for that one delete, records it under the manager (an approval, not a
/// sign-in), and the desk operator stays on duty.
@Test func deskOperatorDeleteAsksForAManagerPIN() throws {
    let scenario = try Scenario(operators: [Scenario.mia, Scenario.bo])
    try scenario.waitFor("Locked")
    try scenario.tap("04BB0001")  // Bo's staff card: a sign-in, not a check-in
    try scenario.waitFor("staff card 04BB0001")
    scenario.terminal.type("1111")
    scenario.terminal.press(.enter)
    try scenario.waitFor("On duty: Bo")
    #expect(try scenario.database.member(idOrPass: "04BB0001") == nil)

    try scenario.waitForList(2)
    scenario.terminal.press(.function(8))
    try scenario.waitFor("Delete member")
    scenario.terminal.press(.character("y"))
    try scenario.waitFor("A manager's PIN is needed to delete a member")
    // A desk operator's own PIN is not a manager's.
    try scenario.signIn("Bo", pin: "1111")
    try scenario.waitFor("Bo is not a manager")
    #expect(try scenario.database.memberCount() == 2)
    scenario.terminal.press(.control("u"))
    scenario.terminal.press(.backTab)
    scenario.terminal.press(.control("u"))
    scenario.terminal.type("Mia")
    scenario.terminal.press(.enter)
    scenario.terminal.type("4821")
    scenario.terminal.press(.enter)
    #expect(waitUntil { (try? scenario.database.memberCount()) == 1 })
    #expect(try scenario.audit(.delete).map(\.operator) == ["Mia"])
    // Mia approved one delete; she never signed in, and Bo's own PIN approved nothing.
    #expect(try scenario.audit(.signIn).map(\.operator) == ["Bo"])
    #expect(try scenario.audit(.approve).map(\.operator) == ["Mia"])
    #expect(try scenario.audit(.approve).first?.detail["for"] == "deleteMember")
    try scenario.waitFor("still Bo on duty") { $0.contains("On duty: Bo") && !$0.contains("manager's PIN") }
}
