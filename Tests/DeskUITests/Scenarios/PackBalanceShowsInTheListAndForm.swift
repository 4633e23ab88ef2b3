import DeskUI
import Foundation
import MemberKit
import Testing

/// Issue 28 item 10: a pack's balance shows in the member list's "Left" column (its household
/// too), which `o` sorts by, and in the member's form, beside its plan.
@Test func packBalanceShowsInTheListAndForm() throws {
    let scenario = try Scenario(width: 100, height: 30)
    try scenario.waitFor("Members (2)")
    let ben = try scenario.club.addMember(passId: "PACK-1", username: "Ben Pack", plan: PlanChanges(visits: 3))
    try scenario.club.addMember(passId: "KID-1", username: "Kit Pack", plan: PlanChanges(household: .some(ben.memberId)))
    try scenario.club.addMember(passId: "DRY-1", username: "Dee Dry", plan: PlanChanges(visits: 0))
    try scenario.waitFor("Members (5)")
    // lastVisit → name → visits → expiry → visits left.
    for _ in 0..<4 { scenario.terminal.press(.character("o")) }
    let screen = try scenario.waitFor("sort: visits left [o]")
    let all = screen.split(separator: "\n").map(String.init)
    let top = try #require(all.firstIndex { $0.contains("Left ▲") })
    let header = all[top]
    let lines = Array(all[(top + 1)...])  // the list's rows (the event log is below them)
    let column = header.distance(from: header.startIndex, to: try #require(header.firstIndex(of: "▲")))
    func left(_ name: String) throws -> Character {
        let line = try #require(lines.first { $0.contains(name) }, "\(name) in \(screen)")
        return line[line.index(line.startIndex, offsetBy: column)]
    }
    #expect(try left("Ben Pack") == "3")
    #expect(try left("Kit Pack") == "3", "a household shows its head's pack")
    #expect(try left("Dee Dry") == "0")
    #expect(try left("Ana López") == " ")
    // Fewest left first: Dee, then Ben.
    #expect(try #require(lines.firstIndex { $0.contains("Dee Dry") }) < (try #require(lines.firstIndex { $0.contains("Ben Pack") })))

    scenario.terminal.press(.down)  // Ben
    scenario.terminal.press(.enter)
    try scenario.waitFor("Ben's form with his balance") { $0.contains("Member: Ben Pack") && $0.contains("◀ pack ▶  3 visits left") }
}
