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
    // The "Left" column, read under its header's "▲" (the list reloads its rows after the sort).
    func left(_ name: String, in screen: String) -> Character? {
        let all = screen.split(separator: "\n").map(String.init)
        guard let top = all.firstIndex(where: { $0.contains("Left ▲") }), let mark = all[top].firstIndex(of: "▲"),
              let line = all[(top + 1)...].first(where: { $0.contains(name) }) else { return nil }
        let column = all[top].distance(from: all[top].startIndex, to: mark)
        return line.count > column ? line[line.index(line.startIndex, offsetBy: column)] : nil
    }
    let screen = try scenario.waitFor("the Left column sorted") { screen in
        screen.contains("sort: visits left [o]") && left("Ben Pack", in: screen) == "3" && left("Dee Dry", in: screen) == "0"
    }
    #expect(left("Kit Pack", in: screen) == "3", "a household shows its head's pack")
    #expect(left("Ana López", in: screen) == " ")
    // Fewest left first: Dee, then Ben.
    let lines = screen.split(separator: "\n")
    #expect(try #require(lines.firstIndex { $0.contains("Dee Dry") }) < (try #require(lines.firstIndex { $0.contains("Ben Pack") })))

    scenario.terminal.press(.down)  // Ben
    scenario.terminal.press(.enter)
    try scenario.waitFor("Ben's form with his balance") { $0.contains("Member: Ben Pack") && $0.contains("◀ pack ▶  3 visits left") }
}
