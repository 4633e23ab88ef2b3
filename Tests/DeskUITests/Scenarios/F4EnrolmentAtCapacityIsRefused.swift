import Foundation
import MemberKit
import Testing

/// Issue 28 item 3: at `Inside 2/2`, F4 with a new pass and the enrol prompt's Enter is refused
/// ("Full (2/2)"), as a tap and `memberdesk checkin` are: no member is added, nobody more is inside.
@Test func f4EnrolmentAtCapacityIsRefused() throws {
    let scenario = try Scenario(width: 80, height: 24, occupancy: OccupancySettings(capacity: 2))
    try scenario.waitFor("Members (2)")
    try scenario.tap("04A1B2C3")
    try scenario.tap("04A1B2C4")
    try scenario.waitFor("Inside 2/2")
    scenario.terminal.press(.function(4))
    try scenario.waitFor("Type or paste a pass id")
    scenario.terminal.type("new-pass-1")
    scenario.terminal.press(.enter)
    try scenario.waitFor("Pass new-pass-1 is not a member")
    scenario.terminal.type("Nia")
    scenario.terminal.press(.enter)
    let screen = try scenario.waitFor("Full (2/2)")
    #expect(!screen.contains("Inside 3/2") && !screen.contains("new member"))
    #expect(try scenario.database.member(idOrPass: "new-pass-1") == nil)
    #expect(try scenario.database.memberCount() == 2)
    #expect(try scenario.database.insideCount() == 2)
}
