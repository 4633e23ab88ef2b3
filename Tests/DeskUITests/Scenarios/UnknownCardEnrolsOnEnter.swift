import Foundation
import MemberKit
import Testing

/// Under the prompt policy an unknown card asks to be enrolled; Enter, a name and Enter enrol it.
@Test func unknownCardEnrolsOnEnter() throws {
    let scenario = try Scenario(enrolment: .prompt, bannerSeconds: 60)
    try scenario.waitFor("Members (2)")
    try scenario.tap("04C0FFEE")
    try scenario.waitFor("Unknown card — press Enter to enrol")
    scenario.terminal.press(.enter)
    try scenario.waitFor("Enrol unknown card")
    scenario.terminal.type("New Person")
    scenario.terminal.press(.enter)
    try scenario.waitFor("Welcome, New Person")
    #expect(try scenario.database.member(idOrPass: "04C0FFEE")?.username == "New Person")
    try scenario.waitFor("Members (3)")
}
