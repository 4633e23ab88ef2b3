@testable import DeskUI
import Foundation
import MemberKit
import Testing

/// `LayoutReducer`: which view the main pane shows, which pane has the focus, and which side
/// pane a narrow screen shows; the parent resizes the lists and asks for the figures it says.
@Suite struct DeskLayoutReducerTests {
    let now = Date(timeIntervalSince1970: 1_767_268_800)

    @Test func sShowsTheStatsAndAsksForThemThenIShowsWhoIsInsideInstead() {
        let store = DeskTestStore.settled(DeskSetup(terminalName: "Desk 1"), now: now)
        store.press(.character("s")) {
            $0.showStats = true
            $0.resize(width: 100, height: 30)
            $0.stats.loading = true
            $0.jobs.statsInFlight = true
        }
        store.receive(.loadStats(now: now))
        store.press(.character("i")) {
            $0.showStats = false
            $0.showInside = true
            $0.resize(width: 100, height: 30)
            $0.jobs.insideGeneration += 1
            $0.jobs.insideInFlight = true
        }
        store.receive(.countInside(generation: 2, listing: true))
        store.finish()
    }

    @Test func tabMovesTheFocusToTheLogAndBSwapsTheNarrowSidePane() {
        let store = DeskTestStore.settled(DeskSetup(terminalName: "Desk 1"), now: now)
        store.press(.tab) {
            $0.needsRedraw = true
            $0.focus = .log
        }
        store.receive()
        store.press(.character("b")) {
            $0.needsRedraw = true
            $0.narrowSidePane = .beacons
        }
        store.receive()
        store.finish()
    }

    @Test func theSearchShowsTheMemberListFocused() {
        var slice = LayoutSlice(showStats: false, showInside: true, focus: .log, narrowSidePane: .beacons)
        let out = LayoutReducer.reduce(&slice, .showMembers)
        #expect(slice == LayoutSlice(showStats: false, showInside: false, focus: .members, narrowSidePane: .beacons))
        #expect(out == LayoutOutput())
    }

    @Test func statsOverInsideNowCloseItAndAskForTheFigures() {
        var slice = LayoutSlice(showStats: false, showInside: true, focus: .members, narrowSidePane: .log)
        let out = LayoutReducer.reduce(&slice, .toggleStats)
        #expect(slice == LayoutSlice(showStats: true, showInside: false, focus: .members, narrowSidePane: .log))
        #expect(out == LayoutOutput(resized: true, loadStats: true))
        // Again: the member list, nothing to read.
        #expect(LayoutReducer.reduce(&slice, .toggleStats) == LayoutOutput(resized: true))
        #expect(slice == LayoutSlice(showStats: false, showInside: false, focus: .members, narrowSidePane: .log))
    }
}
