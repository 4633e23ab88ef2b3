import DeskUI
import Foundation
import MemberKit
import Testing

/// A member with 1 visit left taps in ("Last visit on this pack"); the next day the tap is refused
/// ("Pack used up"); staff press F2 on the refusal, top up 10 visits in the form, and the next tap is
/// admitted with "9 visits left".
@Test func packRunsOutAndIsToppedUp() throws {
    let scenario = try Scenario(bannerSeconds: 60)
    try scenario.waitFor("Members (2)")
    try scenario.club.addMember(passId: "PACK-1", username: "Ben Pack", plan: PlanChanges(visits: 1))
    try scenario.waitFor("Members (3)")
    // Yesterday, at the reader: the pack's last visit.
    try scenario.club.checkIn(passId: "PACK-1", source: .nfc, at: Date().addingTimeInterval(-86_400))
    try scenario.waitFor("Last visit on this pack")
    try scenario.tap("PACK-1")
    try scenario.waitFor("Pack used up — sell a new pack (F2)")
    scenario.terminal.press(.function(2))
    try scenario.waitFor("the form of Ben Pack") { $0.contains("Member: Ben Pack") && $0.contains("Top up") }
    // Name, Pass, Email, Status, Expires, Note, Alert, Plan, then Top up.
    for _ in 0..<8 { scenario.terminal.press(.tab) }
    scenario.terminal.type("10")
    scenario.terminal.press(.enter)
    try scenario.waitFor("the form closed") { !$0.contains("Member: Ben Pack") }
    let ben = try #require(try scenario.database.member(idOrPass: "PACK-1"))
    #expect(try scenario.database.planStanding(ben).visitsLeft == 10)
    try scenario.tap("PACK-1")
    let admitted = try scenario.waitFor("9 visits left")
    #expect(admitted.contains("Welcome back, Ben Pack"))
}
