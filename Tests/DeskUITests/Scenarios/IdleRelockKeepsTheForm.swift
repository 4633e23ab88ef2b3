import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

/// After `staff.idle_minutes` without a key the desk locks again; a form's typed text is not
/// lost: it waits behind the lock and comes back at the next sign-in.
@Test func idleRelockKeepsTheForm() throws {
    let clock = FakeClock()
    let scenario = try Scenario(clock: clock, operators: [Scenario.mia], idleMinutes: 5)
    try scenario.waitFor("Locked")
    scenario.terminal.press(.control("l"))
    try scenario.signIn("Mia", pin: "4821")
    try scenario.waitFor("On duty: Mia")
    scenario.terminal.press(.function(7))
    try scenario.waitFor("New member")
    scenario.terminal.type("Zoe Half-Typed")
    try scenario.waitFor("Zoe Half-Typed")

    clock.advance(by: 5 * 60 + 1)
    let locked = try scenario.waitFor("Locked")
    #expect(!locked.contains("Zoe Half-Typed"))
    #expect(locked.contains("desk locked (idle)"))

    scenario.terminal.press(.control("l"))
    try scenario.signIn("Mia", pin: "4821")
    let back = try scenario.waitFor("Zoe Half-Typed")
    #expect(back.contains("On duty: Mia"))
}
