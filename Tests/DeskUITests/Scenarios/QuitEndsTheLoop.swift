import Foundation
import MemberDeskTestSupport
import Testing

/// F10 ends the loop (and so the program), from the desk and from inside the search field.
@Test func quitEndsTheLoop() throws {
    let scenario = try Scenario()
    try scenario.waitFor("Members (2)")
    scenario.terminal.press(.character("/"))
    scenario.terminal.type("An")
    try scenario.waitFor("Members (1)")
    scenario.terminal.press(.function(10))
    #expect(waitUntil(timeout: 10) { scenario.desk.hasEnded })
}
