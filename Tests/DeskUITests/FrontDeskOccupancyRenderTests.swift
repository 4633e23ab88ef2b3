import DeskUI
import Foundation
import MemberKit
import TerminalColumns
import Testing

/// "Inside now" and the stats pane with today's occupancy, at the smallest screen and a wide one:
/// every piece shows, and nothing runs over a pane's border or the bars.
@Suite struct FrontDeskOccupancyRenderTests {
    func populated(width: Int, height: Int) throws -> DeskFixture {
        let f = try DeskFixture(width: width, height: height, occupancy: OccupancySettings(capacity: 80))
        try f.add("Ana López", pass: "04A1B2C3")
        try f.add("山田太郎", pass: "04A1B2C4")
        try f.add("Wolfeschlegelsteinhausenbergerdorff Hubert Blaine the Third of Somewhere Far", pass: "04A1B2C5")
        for (pass, minutes) in [("04A1B2C3", 85.0), ("04A1B2C4", 40.0), ("04A1B2C5", 3.0)] {
            try f.club.checkIn(passId: pass, source: .nfc, at: f.clock.now().addingTimeInterval(-minutes * 60))
        }
        f.settle()
        f.desk.key(.escape, at: f.clock.now())  // the banner dismissed, as staff would (the state is the reducer's)
        return f
    }

    /// The main pane's box is whole: its corners and both side borders on every row.
    func expectBoxIntact(_ grid: CellGrid, _ rect: Rect, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(grid[rect.x, rect.y].text == "┌", sourceLocation: sourceLocation)
        #expect(grid[rect.maxX - 1, rect.y].text == "┐", sourceLocation: sourceLocation)
        #expect(grid[rect.x, rect.maxY - 1].text == "└", sourceLocation: sourceLocation)
        #expect(grid[rect.maxX - 1, rect.maxY - 1].text == "┘", sourceLocation: sourceLocation)
        for y in (rect.y + 1)..<(rect.maxY - 1) {
            #expect(grid[rect.x, y].text == "│" && grid[rect.maxX - 1, y].text == "│", "row \(y): \(grid.text(row: y))",
                    sourceLocation: sourceLocation)
        }
    }

    func expectBars(_ grid: CellGrid, height: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(grid.text(row: 0).contains("Inside 3/80"), sourceLocation: sourceLocation)
        #expect(grid.text(row: 0).contains("3 members"), sourceLocation: sourceLocation)
        #expect(grid.text(row: height - 1).contains("F10Quit"), sourceLocation: sourceLocation)
        #expect(grid.text(row: height - 1).contains("iInside"), sourceLocation: sourceLocation)
        for y in 0..<grid.height { #expect(TextWidth.of(grid.text(row: y)) == grid.width, sourceLocation: sourceLocation) }
    }

    @Test(arguments: [(80, 24), (200, 50)])
    func insideNowFits(size: (Int, Int)) throws {
        let f = try populated(width: size.0, height: size.1)
        f.press(.character("i"))
        let grid = f.desk.render()
        expectBars(grid, height: size.1)
        let main = DeskLayout(width: size.0, height: size.1).main
        expectBoxIntact(grid, main)
        #expect(grid.text(row: main.y).contains("Inside now (3 of 80)"))
        let ana = try #require(grid.firstRow(containing: "Ana López"))
        let yamada = try #require(grid.firstRow(containing: "山田太郎"))
        let long = try #require(grid.firstRow(containing: "Wolfeschlegel"))
        #expect(ana < yamada && yamada < long)  // by entry time
        #expect(grid.text(row: ana).contains("1 h 25 min"))
        #expect(grid.text(row: yamada).contains("40 min"))
        #expect(grid.text(row: long).contains("3 min"))
        #expect(grid.text(row: long).contains("…") == (size.0 < 110))  // the wide screen has room for it
        // The CJK name keeps the columns aligned.
        #expect(grid.column(of: "04A1B2C3", row: ana) == grid.column(of: "04A1B2C4", row: yamada))
        #expect(grid.column(of: "04A1B2C5", row: long) == grid.column(of: "04A1B2C3", row: ana))
        #expect(grid.text.contains("Event log"))
    }

    @Test(arguments: [(80, 24), (200, 50)])
    func statsWithTodaysOccupancyFit(size: (Int, Int)) throws {
        let f = try populated(width: size.0, height: size.1)
        f.press(.character("s"))
        let grid = f.desk.render()
        expectBars(grid, height: size.1)
        let main = DeskLayout(width: size.0, height: size.1).main
        expectBoxIntact(grid, main)
        let rows = ["Today 3 check-ins", "People inside today (now 3 of 80, peak 3)", "Check-ins per hour today", "Check-ins per day"]
            .map { grid.firstRow(containing: $0) }
        #expect(!rows.contains(nil), "\(grid.text)")
        let found = rows.compactMap { $0 }
        #expect(found == found.sorted() && Set(found).count == found.count)
        #expect(found.allSatisfy { $0 > main.y && $0 < main.maxY - 1 })
        // The occupancy curve has bars under its title (scaled to the capacity, so low ones).
        #expect(((found[1] + 1)..<found[2]).contains { grid.text(row: $0).contains { "▁▂▃▄▅▆▇█".contains($0) } })
    }
}
