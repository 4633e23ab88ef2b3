import Foundation
import Testing

/// `/` and a few letters narrow the member list as they are typed; Esc brings every member back.
@Test func searchNarrowsTheList() throws {
    let scenario = try Scenario()
    try scenario.waitFor("Members (2)")
    scenario.terminal.press(.character("/"))
    try scenario.waitFor("the search field") { $0.contains("Search [/]:") && !$0.contains("name, pass or email") }
    scenario.terminal.type("山田")
    let narrowed = try scenario.waitFor("only 山田太郎") { $0.contains("Members (1)") && $0.contains("山田太郎") }
    #expect(!narrowed.contains("Ana López"))
    scenario.terminal.press(.escape)
    try scenario.waitFor("Members (2)")
}
