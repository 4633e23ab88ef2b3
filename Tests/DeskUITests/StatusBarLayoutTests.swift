@testable import DeskUI
import Foundation
import MemberKit
import Testing

/// The status bar's priority rule: low parts shorten, then drop; the count stays; nothing is cut mid-word.
@Suite struct StatusBarLayoutTests {
    typealias P = StatusBarPart.Priority
    let parts = [
        StatusBarPart(["Desk 1"], priority: P.terminalName),
        StatusBarPart(["Reader: not available", "Reader: n/a"], priority: P.reader),
        StatusBarPart(["Bluetooth: off (Bluetooth is not available on this computer)", "Bluetooth: off", "BT: off"], priority: P.bluetooth),
        StatusBarPart(["Regions: off"], priority: P.regions),
        StatusBarPart(["1,234 members"], priority: P.memberCount),
    ]

    @Test func aWideLineShowsEveryPartWhole() {
        let line = StatusBarLayout.fit(parts, width: 190)
        #expect(line == "Desk 1 │ Reader: not available │ Bluetooth: off (Bluetooth is not available on this computer) │ Regions: off │ 1,234 members")
    }

    @Test func theLowestPriorityShortensFirst() {
        #expect(StatusBarLayout.fit(parts, width: 80) == "Desk 1 │ Reader: not available │ Bluetooth: off │ Regions: off │ 1,234 members")
        #expect(StatusBarLayout.fit(parts, width: 61) == "Desk 1 │ Reader: n/a │ BT: off │ Regions: off │ 1,234 members")
    }

    @Test func thenPartsDropOutAndTheCountStays() {
        #expect(StatusBarLayout.fit(parts, width: 60) == "Desk 1 │ Reader: n/a │ Regions: off │ 1,234 members")
        #expect(StatusBarLayout.fit(parts, width: 37) == "Desk 1 │ Regions: off │ 1,234 members")
        #expect(StatusBarLayout.fit(parts, width: 36) == "Desk 1 │ 1,234 members")
        #expect(StatusBarLayout.fit(parts, width: 14) == "1,234 members")
        #expect(StatusBarLayout.fit(parts, width: 8) == "1,234 m…")
    }

    @Test func aPartAddedLaterTakesItsPlaceByPriority() {
        let more = parts + [StatusBarPart(["Inside 23/80"], priority: 95)]
        #expect(StatusBarLayout.fit(more, width: 30) == "1,234 members │ Inside 23/80")
    }

    @Test func theBarAt80ColumnsKeepsTheCountAndTheRegions() {
        var bar = StatusBarModel(terminalName: "Front desk", reader: .notAvailable,
                                 bluetooth: .unavailable("Bluetooth is not available on this computer"), regions: .off)
        bar.memberCount = 1234
        var grid = CellGrid(width: 80, height: 1)
        bar.render(into: &grid, y: 0, now: Date(timeIntervalSince1970: 0))
        let text = grid.text(row: 0)
        #expect(text.contains("1,234 members"))
        #expect(text.contains("Regions: off"))
        #expect(!text.contains("…"))
    }

    /// Issue 28 item 14: at 80 columns a reader that cannot read (pcscd down, no reader) outlasts
    /// the regions' switch, and two readers are "Readers: 2".
    @Test func aReaderFaultOutranksTheRegionsAt80Columns() {
        var bar = StatusBarModel(terminalName: "Front desk", reader: .serviceDown,
                                 bluetooth: .unavailable("Bluetooth is not available on this computer"), regions: .on)
        bar.memberCount = 1234
        bar.duty = "On duty: Mia"
        bar.occupancy.inside = 2
        bar.occupancy.capacity = 2
        var grid = CellGrid(width: 80, height: 1)
        bar.render(into: &grid, y: 0, now: Date(timeIntervalSince1970: 0))
        let text = grid.text(row: 0)
        #expect(text.contains("Reader: pcscd down"), "\(text)")
        #expect(!text.contains("Regions: on"), "\(text)")
        #expect(text.contains("Inside 2/2") && text.contains("1,234 members"))
        // Once the reader works, the regions come first again.
        bar.reader = .readers(["ACS ACR122U PICC Interface 00 00", "ACS ACR122U PICC Interface 01 00"])
        grid = CellGrid(width: 80, height: 1)
        bar.render(into: &grid, y: 0, now: Date(timeIntervalSince1970: 0))
        #expect(grid.text(row: 0).contains("Regions: on"), "\(grid.text(row: 0))")
    }

    @Test func twoReadersAreReaders() {
        var bar = StatusBarModel(terminalName: "Desk", reader: .none)
        _ = bar.apply(.reader(.attached(reader: "A 00 00")))
        #expect(bar.readerForms == ["Reader: A 00 00", "Reader: 1"])
        _ = bar.apply(.reader(.attached(reader: "B 01 00")))
        #expect(bar.readerForms == ["Readers: A 00 00, B 01 00", "Readers: 2"])
    }
}
