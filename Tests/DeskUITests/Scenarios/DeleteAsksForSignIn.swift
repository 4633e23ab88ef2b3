import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

/// On a locked desk, deleting a member asks for a sign-in first; once the PIN is given the
/// delete goes ahead, recorded under the operator, who is then on duty.
@Test func deleteAsksForSignIn() throws {
    let scenario = try Scenario(operators: [Scenario.mia])
    // F8 asks about the selected member: its row, not only the count.
    try scenario.waitForList(2)
    scenario.terminal.press(.function(8))
    try scenario.waitFor("Delete member")
    scenario.terminal.press(.character("y"))
    try scenario.waitFor("Sign in to do that")
    #expect(try scenario.database.memberCount() == 2)
    try scenario.signIn("Mia", pin: "4821")
    try scenario.waitFor("On duty: Mia")
    #expect(waitUntil { (try? scenario.database.memberCount()) == 1 })
    let deletes = try scenario.audit(.delete)
    #expect(deletes.map(\.operator) == ["Mia"])
    #expect(try scenario.audit(.signIn).map(\.operator) == ["Mia"])
}
