import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

/// Five wrong PINs in a row refuse sign-ins for 30 s, with a countdown; the right PIN is refused
/// too until then. Every failure and the lockout are recorded.
@Test func fiveWrongPINsLockSignInOut() throws {
    let scenario = try Scenario(operators: [Scenario.mia])
    try scenario.waitFor("Locked")
    scenario.terminal.press(.control("l"))
    try scenario.waitFor("Operator:")
    scenario.terminal.type("Mia")
    scenario.terminal.press(.enter)
    // Each answer is waited for: keys typed while a PIN is being checked are not taken.
    for left in ["4 tries left", "3 tries left", "2 tries left", "1 try left"] {
        scenario.terminal.type("0000")
        scenario.terminal.press(.enter)
        try scenario.waitFor("Wrong PIN · " + left)
    }
    scenario.terminal.type("0000")
    scenario.terminal.press(.enter)
    try scenario.waitFor("sign-ins refused for 0:")
    #expect(waitUntil { (try? scenario.audit(.lockout).count) == 1 })
    scenario.terminal.type("4821")
    scenario.terminal.press(.enter)
    let screen = try scenario.waitFor("sign-ins refused for 0:")
    #expect(screen.contains("Locked") && !screen.contains("On duty"))
    #expect(try scenario.audit(.signIn).isEmpty)
    #expect(try scenario.audit(.signInFailed).count == 5)
}
