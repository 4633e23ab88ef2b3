import Foundation
import MemberKit
import Testing

/// Issue 28 item 3: under `enrolment = "prompt"`, an unknown card tapped at a full club and then
/// enrolled with Enter is refused like any entry; once someone leaves, the same answer enrols it.
@Test func promptedEnrolmentOfATapAtCapacityIsRefused() throws {
    let scenario = try Scenario(members: [("Ana López", "04A1B2C3")], enrolment: .prompt,
                                occupancy: OccupancySettings(capacity: 1), bannerSeconds: 60)
    try scenario.waitFor("Members (1)")
    try scenario.tap("04A1B2C3")
    try scenario.waitFor("Inside 1/1")
    try scenario.tap("04C0FFEE")
    try scenario.waitFor("Unknown card — press Enter to enrol")
    scenario.terminal.press(.enter)
    try scenario.waitFor("Enrol unknown card")
    scenario.terminal.press(.enter)
    try scenario.waitFor("Full (1/1)")
    #expect(try scenario.database.member(idOrPass: "04C0FFEE") == nil)

    _ = try scenario.club.checkOut(passId: "04A1B2C3")
    try scenario.waitFor("Inside 0/1")
    try scenario.tap("04C0FFEE")
    try scenario.waitFor("Unknown card — press Enter to enrol")
    scenario.terminal.press(.enter)
    try scenario.waitFor("Enrol unknown card")
    scenario.terminal.press(.enter)
    try scenario.waitFor("new member, visit #1")
    #expect(try scenario.database.insideCount() == 1)
}
