import Foundation
import MemberKit
import Testing

/// F4 with a pasted pass over the limit: the dialog says so and stays; nothing is cut or enrolled.
@Test func manualCheckInRefusesAnOverLongPass() throws {
    let scenario = try Scenario(width: 80, height: 24)
    try scenario.waitFor("Members (2)")
    scenario.terminal.press(.function(4))
    try scenario.waitFor("Type or paste a pass id")
    let tooLong = String(repeating: "x", count: PassIdNormalizer.maximumBytes + 44)
    scenario.terminal.type(tooLong)
    scenario.terminal.press(.enter)
    let screen = try scenario.waitFor("pass is too long (300 bytes, at most 256)")
    #expect(screen.contains("Type or paste a pass id"))
    #expect(try scenario.database.memberCount() == 2)
    #expect(try scenario.database.members(matching: "xxxx").isEmpty)
}
