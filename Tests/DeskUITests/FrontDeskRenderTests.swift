import DeskUI
import Foundation
import MemberKit
import TerminalColumns
import Testing

@Suite struct FrontDeskRenderTests {
    func populated(width: Int, height: Int) throws -> DeskFixture {
        let f = try DeskFixture(width: width, height: height)
        try f.add("Ana López", pass: "04A1B2C3", email: "ana@example.com", visits: 3)
        try f.add("山田太郎", pass: "04A1B2C4", visits: 2)
        try f.add("Wolfeschlegelsteinhausenbergerdorff Hubert Blaine the Third of Somewhere Far", pass: "04A1B2C5", visits: 1)
        f.settle()
        f.desk.key(.escape, at: f.clock.now())  // the banner dismissed, as staff would (the state is the reducer's)
        return f
    }

    @Test(arguments: [(80, 24), (200, 60)])
    func layoutShowsEveryPiece(size: (Int, Int)) throws {
        let f = try populated(width: size.0, height: size.1)
        let grid = f.desk.render()
        #expect(grid.width == size.0 && grid.height == size.1)
        let top = grid.text(row: 0)
        #expect(top.contains("Desk 1"))
        #expect(top.contains("Reader:"))
        #expect(top.contains("3 members"))
        #expect(top.contains(RelativeTime.clock(f.clock.now())))  // the fixture's noon, in the machine's zone
        let bottom = grid.text(row: size.1 - 1)
        #expect(bottom.contains("F1"))
        #expect(bottom.contains("F10Quit"))
        #expect(grid.text.contains("Ready — tap a card"))
        #expect(grid.text.contains("Ana López"))
        #expect(grid.text.contains("Event log"))
        if size.0 >= 110 {
            #expect(grid.text.contains("Beacons: not available"))
        }
        // Nothing runs past the right edge: every row is exactly the grid's width.
        for y in 0..<grid.height { #expect(TextWidth.of(grid.text(row: y)) == size.0) }
    }

    @Test func cjkNamesKeepTheColumnsAligned() throws {
        let f = try populated(width: 100, height: 30)
        let grid = f.desk.render()
        let ana = try #require(grid.firstRow(containing: "Ana López"))
        let yamada = try #require(grid.firstRow(containing: "山田太郎"))
        #expect(grid.column(of: "04A1B2C3", row: ana) == grid.column(of: "04A1B2C4", row: yamada))
        #expect(grid.column(of: "active", row: ana) == grid.column(of: "active", row: yamada))
    }

    @Test func longNamesAreCutWithAnEllipsis() throws {
        let f = try populated(width: 80, height: 24)
        let grid = f.desk.render()
        let row = try #require(grid.firstRow(containing: "Wolfeschlegel"))
        #expect(grid.text(row: row).contains("…"))
        #expect(!grid.text(row: row).contains("Somewhere Far"))
        let ana = try #require(grid.firstRow(containing: "Ana López"))
        #expect(grid.column(of: "04A1B2C5", row: row) == grid.column(of: "04A1B2C3", row: ana))
    }

    @Test func noColorStylesStillMarkTheBanner() throws {
        // Tones carry meaning the driver maps to colours or, in monochrome, to attributes: the banner is a reverse band.
        let f = try populated(width: 80, height: 24)
        f.desk.checkIn("04A1B2C3", source: .manual)
        f.settle()
        let grid = f.desk.render()
        let row = try #require(grid.firstRow(containing: "Welcome back, Ana López"))
        #expect(grid[0, row].style.reverse)
        #expect(grid[0, row].style.tone == .success)
    }
}
