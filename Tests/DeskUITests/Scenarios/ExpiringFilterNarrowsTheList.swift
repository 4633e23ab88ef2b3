import DeskUI
import Foundation
import MemberKit
import Testing

/// `e` narrows the member list to those expiring within 14 days (`plans.warn_days`), soonest
/// first with the date in the last column; `e` again brings everyone back.
@Test func expiringFilterNarrowsTheList() throws {
    let scenario = try Scenario()
    try scenario.waitFor("Members (2)")
    let now = Date().timeIntervalSince1970
    try scenario.club.addMember(passId: "LATER-1", username: "Ben Later", expiresAt: now + 40 * 86_400)
    try scenario.waitFor("Members (3)")
    let ana = try #require(try scenario.database.member(idOrPass: "04A1B2C3"))
    try scenario.club.updateMember(id: ana.memberId, MemberChanges(expiresAt: .some(now + 5 * 86_400)))
    scenario.terminal.press(.character("e"))
    let narrowed = try scenario.waitFor("only Ana López, with her expiry") { screen in
        screen.contains("Members (1) · expiring within 14 days") && screen.contains("sort: expiry")
            && screen.split(separator: "\n").contains { $0.contains("Ana López") && $0.contains(MemberFieldRules.expiryText(now + 5 * 86_400, calendar: .gregorianUTC)) }
    }
    // Only Ana's row (the event log still says who was added).
    let rows = narrowed.split(separator: "\n").filter { !$0.contains("added") && !$0.contains("updated") }
    #expect(!rows.contains { $0.contains("LATER-1") || $0.contains("04A1B2C4") }, "\(narrowed)")
    scenario.terminal.press(.character("e"))
    try scenario.waitFor("Members (3) · sort: expiry")
}
