import DeskUI
import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

/// Issue 46 item 5: on a locked desk q, F10 and Ctrl-C ask for a staff sign-in instead of
/// quitting (a second Ctrl-C does not walk round it); the sign-in quits. `staff.quit_when_locked`
/// lets a kiosk whose service restarts the desk quit without one.
@Test func lockedDeskQuitsOnlyAfterASignIn() throws {
    let scenario = try Scenario(operators: [Scenario.mia])
    try scenario.waitFor("Locked")
    for key in [Key.character("q"), .function(10), .control("c")] {
        scenario.terminal.press(key)
        try scenario.waitFor("The desk is locked: sign in to quit")
        #expect(!scenario.desk.hasEnded, "\(key) quit a locked desk")
        scenario.terminal.press(.escape)
        try scenario.waitFor("the sign-in closed") { !$0.contains("sign in to quit") }
    }
    // Ctrl-C twice: the second one leaves the sign-in open, and the name typed after it shows.
    scenario.terminal.press(.control("c"))
    try scenario.waitFor("The desk is locked: sign in to quit")
    scenario.terminal.press(.control("c"))
    scenario.terminal.type("Mi")
    try scenario.waitFor("the name typed after the second Ctrl-C") { $0.contains("Operator: Mi") }
    #expect(!scenario.desk.hasEnded)
    scenario.terminal.press(.control("u"))
    try scenario.signIn("Mia", pin: "4821")
    #expect(waitUntil(timeout: 10) { scenario.desk.hasEnded })
}

@Test func aKioskDeskQuitsWhenLockedUnderQuitWhenLocked() throws {
    let scenario = try Scenario(operators: [Scenario.mia], quitWhenLocked: true)
    try scenario.waitFor("Locked")
    scenario.terminal.press(.character("q"))
    #expect(waitUntil(timeout: 10) { scenario.desk.hasEnded })
}

/// An operator on duty quits at once, as before the lock asked.
@Test func anOperatorOnDutyQuitsAtOnce() throws {
    let scenario = try Scenario(operators: [Scenario.mia])
    try scenario.waitFor("Locked")
    scenario.terminal.press(.control("l"))
    try scenario.signIn("Mia", pin: "4821")
    try scenario.waitFor("On duty: Mia")
    scenario.terminal.press(.function(10))
    #expect(waitUntil(timeout: 10) { scenario.desk.hasEnded })
}
