import Foundation
import MemberKit
import Testing
@testable import DeskUI

/// The status bar's sync part: absent when sync is off, then desks and age, or an error.
@Suite struct StatusBarSyncTests {
    @Test func syncTextFollowsTheNotices() {
        let now = Date(timeIntervalSince1970: 1_767_225_600)
        var bar = StatusBarModel(terminalName: "Desk")
        #expect(bar.syncText(now: now) == nil)
        bar.sync = .some(nil)
        #expect(bar.syncText(now: now) == "Sync: starting")
        let changed = bar.apply(.sync(SyncNotice(desks: 3, time: now.addingTimeInterval(-4))))
        #expect(changed)
        #expect(bar.syncText(now: now) == "Sync: 3 desks · 4 s ago")
        #expect(bar.syncText(now: now.addingTimeInterval(120)) == "Sync: 3 desks · 2 min ago")
        _ = bar.apply(.sync(SyncNotice(desks: 0, time: now, error: "sync folder /x is unusable: it does not exist")))
        #expect(bar.syncText(now: now) == "Sync: error")
        var grid = CellGrid(width: 160, height: 1)
        bar.render(into: &grid, y: 0, now: now)
        #expect(grid.text(row: 0).contains("│ Sync: error │"))
    }

    /// Issue 46 item 10: at 100 columns, with a reader's long name, Bluetooth's reason, the regions,
    /// who is on duty and inside, the bar keeps sync's desks and age: Bluetooth and a reader not at
    /// fault give way first. At 80 columns sync shortens, then goes, before the regions' switch.
    @Test func at100ColumnsTheBarKeepsSyncsDesksAndAge() {
        let now = Date(timeIntervalSince1970: 1_767_225_600)
        var bar = StatusBarModel(terminalName: "Gym", reader: .readers(["ACS ACR122U PICC Interface 00 00"]),
                                 bluetooth: .unavailable("no adapter"), regions: .off)
        bar.memberCount = 312
        bar.duty = "On duty: Mia"
        bar.occupancy = OccupancyCount(inside: 12, capacity: 80, mergedAt: now)
        _ = bar.apply(.sync(SyncNotice(desks: 2, time: now.addingTimeInterval(-3))))
        var grid = CellGrid(width: 100, height: 1)
        bar.render(into: &grid, y: 0, now: now)
        #expect(grid.text(row: 0).hasPrefix(" Gym │ Regions: off │ Sync: 2 desks · 3 s ago │ On duty: Mia │ Inside 12/80 │ 312 members"),
                "\(grid.text(row: 0))")
        #expect(StatusBarLayout.fit(bar.parts(now: now), width: 69)
            == "Gym │ Regions: off │ Sync │ On duty: Mia │ Inside 12/80 │ 312 members")
        #expect(StatusBarLayout.fit(bar.parts(now: now), width: 62) == "Gym │ Regions: off │ On duty: Mia │ Inside 12/80 │ 312 members")
        // A reader at fault outranks sync's words.
        bar.reader = .serviceDown
        #expect(StatusBarLayout.fit(bar.parts(now: now), width: 89).contains("Reader: pcscd down"))
    }
}
