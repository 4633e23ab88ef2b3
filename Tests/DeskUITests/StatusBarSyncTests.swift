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
}
