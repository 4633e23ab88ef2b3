import DeskUI
import Foundation
import MemberKit
import Testing

/// Ctrl-U clears a text field as a shell does: the search field (the whole list comes back) and a form's field.
@Test(arguments: screenSizes)
func ctrlUClearsATextField(size: (width: Int, height: Int)) throws {
    let scenario = try Scenario(size: size)
    try scenario.waitFor("Members (2)")
    scenario.terminal.press(.character("/"))
    scenario.terminal.type("山田")
    try scenario.waitFor("Members (1)")
    scenario.terminal.press(.control("u"))
    let cleared = try scenario.waitFor("Members (2)")
    #expect(!cleared.contains("Search [/]: 山田"))
    scenario.terminal.press(.enter, .function(7))
    try scenario.waitFor("New member")
    scenario.terminal.type("Typo Name")
    try scenario.waitFor("Typo Name")
    scenario.terminal.press(.control("u"))
    try scenario.waitFor("the field cleared") { !$0.contains("Typo Name") }
    scenario.terminal.type("Right Name")
    try scenario.waitFor("Right Name")
}
