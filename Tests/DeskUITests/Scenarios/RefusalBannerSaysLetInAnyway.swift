import Foundation
import MemberKit
import Testing

/// Issue 46 item 7: a refusal's banner says that `l` lets the member in anyway, and that it needs
/// a manager's PIN where it does (a locked desk, or a desk operator on duty); `l` then does it.
@Test func refusalBannerSaysLetInAnyway() throws {
    let scenario = try Scenario(occupancy: OccupancySettings(capacity: 1), bannerSeconds: 60)
    try scenario.waitForList(2)
    try scenario.tap("04A1B2C3")
    try scenario.waitFor("Inside 1/1")
    try scenario.tap("04A1B2C4")
    let refused = try scenario.waitFor("Full (1/1)")
    #expect(refused.contains("Press l to let them in anyway") && !refused.contains("needs a manager's PIN"))
    scenario.terminal.press(.character("l"))
    try scenario.waitFor("Inside 2/1")
}

@Test func onALockedDeskTheRefusalSaysAManagersPINIsNeeded() throws {
    let scenario = try Scenario(operators: [Scenario.mia, Scenario.bo], occupancy: OccupancySettings(capacity: 1), bannerSeconds: 60)
    try scenario.waitFor("Locked")
    try scenario.tap("04A1B2C3")
    try scenario.waitFor("Inside 1/1")
    try scenario.tap("04A1B2C4")
    let refused = try scenario.waitFor("Full (1/1)")
    #expect(refused.contains("Press l to let them in anyway (needs a manager's PIN)"))
}
