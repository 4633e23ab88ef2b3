import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

/// Issue 46 item 6: `v` checks in the member selected in the list or a search, by their own pass:
/// the rules of a tap (a full club refuses it), recorded as `manual`, with the operator on duty.
@Test func forgottenCardChecksInTheSelectedMember() throws {
    let scenario = try Scenario(operators: [Scenario.mia], occupancy: OccupancySettings(capacity: 1), bannerSeconds: 60)
    try scenario.waitFor("Locked")
    scenario.terminal.press(.control("l"))
    try scenario.signIn("Mia", pin: "4821")
    try scenario.waitFor("On duty: Mia")
    scenario.terminal.press(.character("/"))
    try scenario.waitFor("the search field") { $0.contains("Search [/]:") && !$0.contains("name, pass or email") }
    scenario.terminal.type("ana", then: .enter)
    try scenario.waitForList(1)
    scenario.terminal.press(.character("v"))
    try scenario.waitFor("Welcome, Ana López — first visit")
    let visits = try scenario.audit(.manualCheckIn)
    #expect(visits.count == 1 && visits.first?.method == .manual && visits.first?.operator == "Mia", "\(visits)")

    // The capacity applies as to a tap: 山田太郎 is refused while Ana is inside.
    // Esc dismisses the banner, then clears the search.
    scenario.terminal.press(.escape, .escape)
    try scenario.waitForList(2)
    scenario.terminal.press(.character("/"))
    try scenario.waitFor("the search field") { $0.contains("Search [/]:") && !$0.contains("name, pass or email") }
    scenario.terminal.type("山田", then: .enter)
    try scenario.waitForList(1)
    scenario.terminal.press(.character("v"))
    try scenario.waitFor("Full (1/1)")
    #expect(try scenario.database.member(idOrPass: "04A1B2C4")?.numVisits == 0)
    #expect(try scenario.audit(.manualCheckIn).count == 1)
}
