import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

/// With an operator defined the desk starts locked, and still does its main job: a tap checks
/// the member in (recorded with no operator), the list and search work, the bar says `Locked`.
@Test func lockedDeskAdmitsATap() throws {
    let scenario = try Scenario(operators: [Scenario.mia])
    try scenario.waitFor("Locked")
    try scenario.tap("04A1B2C3")
    let screen = try scenario.waitFor("Welcome, Ana López")
    #expect(screen.contains("Locked"))
    let visits = try scenario.audit(.visit)
    #expect(visits.count == 1 && visits[0].operator == nil && visits[0].method == .tap)
    scenario.terminal.press(.character("/"))
    try scenario.waitFor("the search field") { $0.contains("Search [/]:") && !$0.contains("name, pass or email") }
    scenario.terminal.type("山田")
    let narrowed = try scenario.waitFor("only 山田太郎") { $0.contains("Members (1)") && $0.contains("山田太郎") }
    #expect(!narrowed.contains("Sign in") && narrowed.contains("Locked"))
}
