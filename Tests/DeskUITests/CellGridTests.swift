import DeskUI
import MemberKit
import TerminalColumns
import Testing

@Suite struct CellGridTests {
    @Test func asciiAndWideCharactersTakeTheirColumns() {
        var grid = CellGrid(width: 10, height: 1)
        let end = grid.put("a山b", x: 0, y: 0)
        #expect(end == 4)
        #expect(grid[1, 0].width == 2)
        #expect(grid[2, 0].width == 0)
        #expect(grid[3, 0].text == "b")
        #expect(grid.text(row: 0) == "a山b      ")
    }

    @Test func aWideCharacterThatDoesNotFitLeavesABlank() {
        var grid = CellGrid(width: 3, height: 1)
        grid.put("ab山", x: 0, y: 0)
        #expect(grid.text(row: 0) == "ab ")
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var grid = CellGrid(width: 4, height: 1)
        grid.put("山", x: 0, y: 0)
        grid.put("x", x: 1, y: 0)
        #expect(grid.text(row: 0) == " x  ")
    }

    @Test func controlCharactersNeverReachTheTerminal() {
        var grid = CellGrid(width: 8, height: 1)
        grid.put("a\u{1B}[2Jb", x: 0, y: 0)
        #expect(!grid.text(row: 0).contains("\u{1B}"))
        #expect(grid.text(row: 0).hasPrefix("a\u{FFFD}[2Jb"))
    }

    @Test func clustersOfSeveralWideScalarsKeepTheColumns() {
        var grid = CellGrid(width: 6, height: 1)
        grid.put("👨‍👩‍👧x", x: 0, y: 0)
        #expect(grid.text(row: 0) == "👨x   ")
        #expect(grid.row(0).reduce(0) { $0 + Int($1.width) } == 6)
    }

    @Test(arguments: [(1, 1), (10, 5), (40, 10), (79, 23)])
    func tinyTerminalsRenderWithoutTrouble(size: (Int, Int)) throws {
        let f = try DeskFixture(width: size.0, height: size.1)
        try f.add("山田太郎 with a long name", pass: "04000001")
        f.settle()
        f.press(.function(7))
        let grid = f.desk.render()
        #expect(grid.width == size.0 && grid.height == size.1)
        for y in 0..<grid.height { #expect(TextWidth.of(grid.text(row: y)) == size.0) }
    }

    @Test func fieldsAreCutWithAnEllipsisAndPadded() {
        var grid = CellGrid(width: 12, height: 2)
        grid.putField("Wolfeschlegelsteinhausen", x: 0, y: 0, width: 10)
        grid.putField("山田太郎山田太郎", x: 0, y: 1, width: 9)
        #expect(grid.text(row: 0) == "Wolfeschl…  ")
        #expect(grid.text(row: 1) == "山田太郎…   ")
    }

    @Test func changedRowsListsOnlyWhatDiffers() {
        var a = CellGrid(width: 5, height: 3)
        a.put("x", x: 0, y: 0)
        var b = a
        b.put("y", x: 2, y: 2)
        #expect(b.changedRows(since: a) == [2])
        #expect(b.changedRows(since: nil) == [0, 1, 2])
        #expect(CellGrid(width: 6, height: 3).changedRows(since: a) == [0, 1, 2])
    }

    /// Found by the FrontDeskText fuzz target: a clipped wide character's blank landed on the first
    /// half of a wide character already drawn, and left its second half (a zero-width cell)
    /// behind, so the row measured one column short.
    @Test func aClippedWideCharacterOverAnotherKeepsTheRowsWidth() {
        var grid = CellGrid(width: 11, height: 1)
        grid.put("abcdefghi甔", x: 0, y: 0)
        grid.put("123456789甔", x: 0, y: 0, clip: 10)
        #expect(grid.row(0).reduce(0) { $0 + Int($1.width) } == 11)
        #expect(grid.text(row: 0) == "123456789  ")
        // The fuzzer's own input, as its harness draws it.
        let text = String(decoding: [0, 0, 0, 0x20, 0x4C, 0xC3, 0x32, 0x70, 0x65, 0xE7, 0x94, 0x94, 0x98] as [UInt8], as: UTF8.self)
        var fuzzed = CellGrid(width: 11, height: 1)
        fuzzed.put(text, x: 0, y: 0)
        fuzzed.putField(text, x: 0, y: 0, width: 10)
        #expect(fuzzed.row(0).reduce(0) { $0 + Int($1.width) } == 11)
        #expect(TextWidth.of(fuzzed.text(row: 0)) == 11)
    }
}
