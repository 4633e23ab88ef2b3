import DeskUI
import Foundation
import MemberKit
import Testing

/// Issue 34: the text that killed Foundation's DateFormatter ("70,11", U+036B, U+FFFD U+FFFD, "3",
/// U+FFFD, "4"), typed into a member's Expires field and saved, is a field message: the desk lives
/// on, names the bad date, and the member is unchanged.
@Test func aDateThatCrashedFoundationIsRefusedInExpires() throws {
    let scenario = try Scenario(members: [("Ana López", "04A1B2C3")])
    try scenario.waitForList(1)
    scenario.terminal.press(.function(2))
    try scenario.waitFor("the form of Ana López") { $0.contains("Member: Ana López") }
    // Name, Pass, Email, Status, then Expires.
    for _ in 0..<4 { scenario.terminal.press(.tab) }
    scenario.terminal.type("70,11\u{036B}\u{FFFD}\u{FFFD}3\u{FFFD}4")
    scenario.terminal.press(.enter)
    let refused = try scenario.waitFor("✗ Expires:")
    #expect(refused.contains("is not a date"), "\(refused)")
    #expect(refused.contains("Member: Ana López"), "the form stays open")
    let ana = try #require(try scenario.database.member(idOrPass: "04A1B2C3"))
    #expect(ana.expiresAt == nil)
    // The desk still answers: a good date saves.
    scenario.terminal.press(.control("u"))
    scenario.terminal.type("2030-01-31")
    scenario.terminal.press(.enter)
    try scenario.waitFor("the form closed") { !$0.contains("Member: Ana López") }
    #expect(try scenario.database.member(idOrPass: "04A1B2C3")?.expiresAt != nil)
}
