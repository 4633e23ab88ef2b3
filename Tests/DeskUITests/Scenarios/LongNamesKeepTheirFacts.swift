import DeskUI
import Foundation
import MemberKit
import Testing

/// A name too long for the screen is cut at its end, with "…", and the facts after it stay:
/// the banner's "— first visit" and "· pass …", the edit field's start, the sorted header's arrow.
let longName = Array(repeating: "Maximiliana Sigmaringen-Hohenzollern von Wittgenstein-Berleburg", count: 3).joined(separator: " ")

@Test(arguments: screenSizes)
func longNamesKeepTheirFacts(size: (width: Int, height: Int)) throws {
    // Bo first: the long name is then on top whether the list is ordered before or after the tap.
    let scenario = try Scenario(size: size, members: [("Bo", "04A1B2C4"), (longName, "04A1B2C3")])
    try scenario.waitForList(2)
    try scenario.tap("04A1B2C3")
    let screen = try scenario.waitFor("the banner") { $0.contains("— first visit") }
    let lines = screen.split(separator: "\n").map(String.init)
    let headline = try #require(lines.first { $0.contains("— first visit") })
    #expect(headline.contains("Welcome, Maximiliana Sigmaringen"))
    #expect(headline.contains("… — first visit"))
    let details = try #require(lines.first { $0.contains("· pass 04A1B2C3 · 1 visit") })
    #expect(details.contains("Maximiliana Sigmaringen"))
    #expect(details.contains("… · pass 04A1B2C3 · 1 visit"))
    scenario.terminal.press(.escape)

    // The edit field shows the name from its start.
    scenario.terminal.press(.home, .function(2))
    let form = try scenario.waitFor("Member: ")
    let nameRow = try #require(form.split(separator: "\n").first { $0.contains("Name ") && $0.contains("Maximiliana") }, "\(form)")
    #expect(nameRow.contains("Name      Maximiliana Sigmaringen-Hohenzollern"))
    #expect(nameRow.contains("…"))
    scenario.terminal.press(.escape)
    try scenario.waitFor("the desk") { !$0.contains("Member: ") }

    // A sorted column's header keeps its arrow.
    scenario.terminal.press(.character("o"))
    try scenario.waitFor("sort: name")
    scenario.terminal.press(.character("o"))
    let sorted = try scenario.waitFor("sort: visits")
    #expect(sorted.contains("Visits ▼"))
    #expect(!sorted.contains("Visit…"))
}
