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
    for attempt in 1...5 {
        scenario.terminal.type("0000")
        scenario.terminal.press(.enter)
        #expect(waitUntil { (try? scenario.audit(.signInFailed).count) == attempt }, "attempt \(attempt)")
    }
    try scenario.waitFor("sign-ins refused for 0:")
    #expect(try scenario.audit(.lockout).count == 1)
    scenario.terminal.type("4821")
    scenario.terminal.press(.enter)
    let screen = try scenario.waitFor("sign-ins refused for 0:")
    #expect(screen.contains("Locked") && !screen.contains("On duty"))
    #expect(try scenario.audit(.signIn).isEmpty)
    #expect(try scenario.audit(.signInFailed).count == 5)
}
