import Foundation
import MemberKit
import Testing

/// F4 finds a pass typed in another letter case; an unknown typed pass is asked about (Enter
/// enrols it, Esc does not), while a tap of an unknown card still enrols at once.
@Test func manualCheckInAsksBeforeEnrolling() throws {
    let scenario = try Scenario(members: [("Carl Berg", "CARL-9")], width: 80, height: 24)
    try scenario.waitFor("Members (1)")
    scenario.terminal.press(.function(4))
    try scenario.waitFor("Type or paste a pass id")
    scenario.terminal.type("carl-9")
    scenario.terminal.press(.enter)
    try scenario.waitFor("Welcome, Carl Berg — first visit")
    #expect(try scenario.database.memberCount() == 1)

    scenario.terminal.press(.function(4))
    try scenario.waitFor("Type or paste a pass id")
    scenario.terminal.type("carl-99")
    scenario.terminal.press(.enter)
    try scenario.waitFor("Pass carl-99 is not a member")
    #expect(try scenario.database.memberCount() == 1)
    scenario.terminal.press(.escape)
    try scenario.waitFor("dialog closed") { !$0.contains("Pass carl-99 is not a member") }
    #expect(try scenario.database.memberCount() == 1)

    scenario.terminal.press(.function(4))
    try scenario.waitFor("Type or paste a pass id")
    scenario.terminal.type("dora-1")
    scenario.terminal.press(.enter)
    try scenario.waitFor("Pass dora-1 is not a member")
    scenario.terminal.type("Dora")
    scenario.terminal.press(.enter)
    try scenario.waitFor("Welcome, Dora")
    #expect(try scenario.database.member(idOrPass: "dora-1")?.username == "Dora")

    // A tap is a real card: under the auto policy it still enrols at once, with no question.
    guard case .enrolled = try scenario.club.checkIn(passId: "04C0FFEE", source: .nfc).outcome else {
        Issue.record("a tapped unknown card was not enrolled")
        return
    }
    // Dora's banner says "new member" too: wait for the tapped card's own.
    let screen = try scenario.waitFor("the tapped card enrolled") { $0.contains("04C0FFEE") && $0.contains("new member") }
    #expect(!screen.contains("is not a member"))
}
