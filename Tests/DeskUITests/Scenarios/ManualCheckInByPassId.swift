import Foundation
import Testing

/// F4 asks for a pass id; typed in lower case and confirmed, it checks the member in.
@Test func manualCheckInByPassId() throws {
    let scenario = try Scenario()
    try scenario.waitFor("Members (2)")
    scenario.terminal.press(.function(4))
    try scenario.waitFor("Type or paste a pass id")
    scenario.terminal.type("04a1b2c3")
    scenario.terminal.press(.enter)
    let screen = try scenario.waitFor("Welcome, Ana López — first visit")
    #expect(screen.contains("manual"))
    #expect(!screen.contains("Type or paste a pass id"))
}
