@testable import DeskUI
import Foundation
import Testing

/// The function bar: every label when there is room; on 80 columns the rare admin tasks give way,
/// so the desk's daily keys and F10 Quit stay.
@Suite struct FunctionBarTests {
    func bar(width: Int) -> String {
        var grid = CellGrid(width: width, height: 1)
        FunctionBar.render(into: &grid, y: 0)
        return grid.text(row: 0)
    }

    @Test func aWideBarShowsEveryLabelLong() {
        let line = bar(width: 200)
        for label in ["F1Help", "F4Check in", "iInside", "xCheck out", "F5Export", "F6Import", "F9Regions", "F10Quit"] {
            #expect(line.contains(label), "\(label) missing: \(line)")
        }
    }

    @Test func at80ColumnsExportAndImportGiveWay() {
        let line = bar(width: 80)
        for label in ["F1Help", "F3Search", "F4Check", "iInside", "xOut", "F7New", "F8Delete", "F10Quit"] {
            #expect(line.contains(label), "\(label) missing: \(line)")
        }
        #expect(!line.contains("F5") && !line.contains("F6"))
        // Every binding with a bar label still has its line in help.
        #expect(HelpText.lines.contains { $0.hasPrefix("F6") })
    }
}
