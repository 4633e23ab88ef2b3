import Foundation
import MemberKit
import TerminalColumns
import Testing

/// Widening the terminal puts the beacon pane beside the list; narrowing it back hides it, and
/// no row runs past the new width.
@Test func resizeMovesTheSidePanes() throws {
    let scenario = try Scenario(width: 80, height: 24)
    try scenario.waitFor("Members (2)")
    #expect(!scenario.terminal.screen.contains("Beacons"))
    scenario.terminal.resize(width: 150, height: 40)
    try scenario.waitFor("the side panes beside the list") { $0.contains("┐┌ Beacons") }
    scenario.terminal.resize(width: 80, height: 24)
    let narrow = try scenario.waitFor("the narrow layout") { !$0.contains("Beacons") && $0.contains("Event log") }
    #expect(narrow.split(separator: "\n").allSatisfy { TextWidth.of(String($0)) == 80 })
}
