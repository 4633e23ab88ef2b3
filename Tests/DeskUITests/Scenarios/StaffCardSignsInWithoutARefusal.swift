import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

/// Issue 28 item 12: a staff card tapped at a locked desk opens the sign-in with the card, and no
/// red "not a member card" banner shows behind it.
@Test func staffCardSignsInWithoutARefusal() throws {
    let scenario = try Scenario(width: 80, height: 24, operators: [Scenario.mia])
    try scenario.waitFor("Locked")
    try scenario.tap("04AA0001")
    let screen = try scenario.waitFor("staff card 04AA0001")
    #expect(!screen.contains("not a member card"), "\(screen)")
    scenario.terminal.type("4821")
    scenario.terminal.press(.enter)
    let signedIn = try scenario.waitFor("On duty: Mia")
    #expect(!signedIn.contains("not a member card"))
}
