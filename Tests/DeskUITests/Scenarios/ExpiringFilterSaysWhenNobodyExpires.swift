import DeskUI
import Foundation
import MemberKit
import Testing

/// Issue 28 item 14: `e` with nobody's membership ending soon says so, not "No members yet".
@Test func expiringFilterSaysWhenNobodyExpires() throws {
    let scenario = try Scenario(width: 80, height: 24)
    try scenario.waitFor("Members (2)")
    scenario.terminal.press(.character("e"))
    let screen = try scenario.waitFor("No membership ends within 14 days (e: everyone)")
    #expect(!screen.contains("No members yet"))
    scenario.terminal.press(.character("e"))
    try scenario.waitFor("everyone back") { $0.contains("Members (2)") && $0.contains("Ana López") }
}
