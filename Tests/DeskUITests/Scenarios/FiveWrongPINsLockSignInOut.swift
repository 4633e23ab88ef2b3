import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

/// Five wrong PINs in a row refuse sign-ins for 30 s, with a countdown; the right PIN is refused
/// too until then, and signs in after. Every failure and the lockout are recorded.
@Test func fiveWrongPINsLockSignInOut() throws {
    let clock = FakeClock()
    let scenario = try Scenario(clock: clock, operators: [Scenario.mia])
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
    try scenario.waitFor("sign-ins refused for 0:30")
    let lockedAt = clock.now().timeIntervalSince1970
    #expect(waitUntil { (try? scenario.audit(.lockout).count) == 1 })
    // The right PIN, typed and sent while sign-ins are refused: the field empties, nothing else.
    scenario.terminal.type("4821")
    try scenario.waitFor("the PIN typed") { $0.contains("••••") }
    scenario.terminal.press(.enter)
    let screen = try scenario.waitFor("the PIN sent") { !$0.contains("••••") }
    #expect(screen.contains("sign-ins refused for 0:30") && screen.contains("Locked") && !screen.contains("On duty"))
    // Once the 30 s are over the same PIN signs in. Had the refused one been checked after all,
    // the desk would have been on duty since the lockout, with its sign-in stamped then.
    clock.advance(by: 31)
    try scenario.waitFor("the countdown over") { !$0.contains("sign-ins refused") }
    scenario.terminal.type("4821")
    scenario.terminal.press(.enter)
    try scenario.waitFor("On duty: Mia")
    #expect(waitUntil { (try? scenario.audit(.signIn).count) == 1 })
    #expect(try scenario.audit(.signIn).map(\.time) == [lockedAt + 31], "signed in after the lockout, not during it")
    #expect(try scenario.audit(.signInFailed).count == 5)
}
