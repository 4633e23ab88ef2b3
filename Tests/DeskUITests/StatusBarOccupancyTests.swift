@testable import DeskUI
import Foundation
import MemberKit
import Testing

/// The status bar's "Inside 23/80": its wordings, its age when folder sync is behind, and its priority.
@Suite struct StatusBarOccupancyTests {
    let now = Date(timeIntervalSince1970: 1_767_225_600)

    @Test func theCountReadsWithOrWithoutACapacity() {
        #expect(OccupancyCount().text == "Inside …")
        #expect(OccupancyCount(inside: 23, capacity: 80).text == "Inside 23/80")
        #expect(OccupancyCount(inside: 1234).text == "Inside 1,234")
        #expect(OccupancyCount(inside: 0, capacity: 1500).text == "Inside 0/1,500")
    }

    @Test func aCountNotMergedForTwoMinutesSaysHowOldItIs() {
        var bar = StatusBarModel(terminalName: "Desk")
        bar.sync = .some(nil)
        bar.occupancy = OccupancyCount(inside: 23, capacity: 80)
        // Sync off, or no pass heard of: nothing to be behind on.
        #expect(bar.occupancy.barText(now: now) == "Inside 23/80")
        _ = bar.apply(.sync(SyncNotice(desks: 3, time: now)))
        #expect(bar.occupancy.barText(now: now.addingTimeInterval(OccupancyCount.staleAfter)) == "Inside 23/80")
        #expect(bar.occupancy.barText(now: now.addingTimeInterval(150)) == "Inside 23/80 (2 min old)")
        // A failed pass merged nothing: the count keeps ageing.
        _ = bar.apply(.sync(SyncNotice(desks: 0, time: now.addingTimeInterval(170), error: "folder gone")))
        #expect(bar.occupancy.barText(now: now.addingTimeInterval(3 * 3600)) == "Inside 23/80 (3 h old)")
        // A pass that merged: fresh again.
        _ = bar.apply(.sync(SyncNotice(desks: 3, time: now.addingTimeInterval(3 * 3600))))
        #expect(bar.occupancy.barText(now: now.addingTimeInterval(3 * 3600 + 5)) == "Inside 23/80")
    }

    @Test func aDeskWhoseSyncNeverMergedCountsItsAgeFromItsStart() {
        var setup = DeskSetup(terminalName: "Desk")
        setup.syncEnabled = true
        setup.capacity = 80
        var state = DeskState(setup: setup, now: now)
        state.status.occupancy.inside = 4
        var grid = CellGrid(width: 160, height: 1)
        state.status.render(into: &grid, y: 0, now: now.addingTimeInterval(5 * 60))
        #expect(grid.text(row: 0).contains("Inside 4/80 (5 min old)"))
        // Without sync the count is this desk's own, never old.
        var alone = DeskState(setup: DeskSetup(terminalName: "Desk"), now: now)
        alone.status.occupancy.inside = 4
        alone.status.render(into: &grid, y: 0, now: now.addingTimeInterval(5 * 60))
        #expect(grid.text(row: 0).contains("Inside 4 │"))
        #expect(!grid.text(row: 0).contains("old"))
    }

    @Test func theCountAndItsAgeOutlastTheOtherParts() {
        var bar = StatusBarModel(terminalName: "Front desk by the door", reader: .none, regions: .off)
        bar.memberCount = 1
        bar.occupancy = OccupancyCount(inside: 23, capacity: 80, mergedAt: now.addingTimeInterval(-600))
        #expect(StatusBarLayout.fit(bar.parts(now: now), width: 80)
            == "Front desk by the door │ Regions: off │ Inside 23/80 (10 min old) │ 1 member")
        #expect(StatusBarLayout.fit(bar.parts(now: now), width: 48) == "Inside 23/80 (10 min old) │ 1 member")
    }

    @Test func everyCountOnTheBarIsInTheRightNumber() {
        var bar = StatusBarModel(terminalName: "Desk")
        bar.memberCount = 1
        _ = bar.apply(.sync(SyncNotice(desks: 1, time: now)))
        let line = StatusBarLayout.fit(bar.parts(now: now), width: 200)
        #expect(line.contains("1 member"))
        #expect(!line.contains("1 members"))
        #expect(line.contains("Sync: 1 desk ·"))
        bar.memberCount = 1234
        #expect(StatusBarLayout.fit(bar.parts(now: now), width: 200).contains("1,234 members"))
    }
}
