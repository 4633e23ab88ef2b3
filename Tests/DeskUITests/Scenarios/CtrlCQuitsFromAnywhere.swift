import DeskUI
import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

/// Ctrl-C quits from the list, from search, and from inside a dialog; over a form with typed
/// text it asks first (Keep editing is the default and gives the form back), and a second Ctrl-C quits.
@Test(arguments: screenSizes)
func ctrlCQuitsFromInsideAForm(size: (width: Int, height: Int)) throws {
    let scenario = try Scenario(size: size)
    try scenario.waitFor("Members (2)")
    scenario.terminal.press(.function(7))
    try scenario.waitFor("New member")
    scenario.terminal.type("Zed")
    try scenario.waitFor("Zed")
    scenario.terminal.press(.control("c"))
    try scenario.waitFor("What you typed is not saved")
    #expect(!scenario.desk.hasEnded)
    scenario.terminal.press(.enter)  // Keep editing
    let back = try scenario.waitFor("the form again") { $0.contains("New member") && !$0.contains("What you typed") }
    #expect(back.contains("Zed"))
    scenario.terminal.press(.control("c"))
    try scenario.waitFor("What you typed is not saved")
    scenario.terminal.press(.control("c"))
    #expect(waitUntil(timeout: 10) { scenario.desk.hasEnded })
}

@Test(arguments: screenSizes)
func ctrlCQuitsFromTheCheckInDialogAndHelp(size: (width: Int, height: Int)) throws {
    for opener in [Key.function(4), .function(1), .function(2)] {
        let scenario = try Scenario(size: size)
        try scenario.waitForList(2)
        scenario.terminal.press(opener)
        try scenario.waitFor("a dialog") { $0.contains("Check in") && $0.contains("Type or paste") || $0.contains("Help —") || $0.contains("Member: ") }
        scenario.terminal.press(.control("c"))
        #expect(waitUntil(timeout: 10) { scenario.desk.hasEnded }, "Ctrl-C did not quit after \(opener)")
    }
}

@Test(arguments: screenSizes)
func ctrlCQuitsFromTheListAndSearch(size: (width: Int, height: Int)) throws {
    let fromList = try Scenario(size: size)
    try fromList.waitFor("Members (2)")
    fromList.terminal.press(.control("c"))
    #expect(waitUntil(timeout: 10) { fromList.desk.hasEnded })

    let fromSearch = try Scenario(size: size)
    try fromSearch.waitFor("Members (2)")
    fromSearch.terminal.press(.character("/"))
    fromSearch.terminal.type("An")
    try fromSearch.waitFor("Members (1)")
    fromSearch.terminal.press(.control("c"))
    #expect(waitUntil(timeout: 10) { fromSearch.desk.hasEnded })
}
