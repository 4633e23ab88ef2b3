import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

/// Issue 28 item 12: at the sign-in, "mi" is Mia (the one operator it fits); a name that fits no
/// operator is said at once and uses up no PIN try; one that fits two asks for more.
@Test func signInTakesAPartOfAName() throws {
    let ana = Scenario.StaffSeed(name: "Ana Ruiz", role: .desk, pin: "2222")
    let anabel = Scenario.StaffSeed(name: "Anabel Ko", role: .desk, pin: "3333")
    let scenario = try Scenario(width: 80, height: 24, operators: [Scenario.mia, ana, anabel])
    try scenario.waitFor("Locked")
    scenario.terminal.press(.control("l"))
    try scenario.waitFor("Operator:")
    // Once the operators are loaded (by name, on the worker), ↓ offers the first of them. A ↓
    // before they arrive offers nothing, so it is pressed again; each ↓ gets a second to show
    // (a shorter wait on a loaded machine would press again and offer the second name).
    let offered = waitUntil(timeout: 10, poll: 0.05) {
        scenario.terminal.press(.down)
        return (try? scenario.terminal.waitFor("a name offered", timeout: 1) { $0.contains("Operator: Ana Ruiz") }) != nil
    }
    try #require(offered, "↓ never offered Ana Ruiz")
    scenario.terminal.press(.control("u"))

    scenario.terminal.type("zed")
    scenario.terminal.press(.enter)
    try scenario.waitFor("no operator named “zed”")
    scenario.terminal.press(.control("u"))
    scenario.terminal.type("ana")
    scenario.terminal.press(.enter)
    try scenario.waitFor("two operators match") { $0.contains("2 operators match: Ana Ruiz, Anabel Ko (type more)") }
    scenario.terminal.press(.control("u"))
    scenario.terminal.type("mi")
    scenario.terminal.press(.enter)
    try scenario.waitFor("Mia, completed") { $0.contains("Operator: Mia") }
    scenario.terminal.type("0000")
    scenario.terminal.press(.enter)
    // The unknown name and the two-way one used up no try: this wrong PIN is the first.
    try scenario.waitFor("Wrong PIN · 4 tries left")
    scenario.terminal.type("4821")
    scenario.terminal.press(.enter)
    try scenario.waitFor("On duty: Mia")
    #expect(try scenario.audit(.signIn).map(\.operator) == ["Mia"])
}
