@testable import DeskUI
import Foundation
import MemberKit
import Testing

/// `LayoutReducer`: which view the main pane shows, which pane has the focus, and which side
/// pane a narrow screen shows; the parent resizes the lists and asks for the figures it says.
@Suite struct DeskLayoutReducerTests {
    let now = Date(timeIntervalSince1970: 1_767_268_800)

    /// A letter is held by the wedge detector until its gap passes: the tick after releases it.
    func type(_ c: Character, at time: Date, into store: DeskTestStore) {
        store.press(.character(c), at: time) {
            $0.needsRedraw = true
            $0.lock.lastKeyAt = time
            _ = $0.wedge.feed(.character(c), at: time)
        }
        store.receive()
    }

    @Test func sShowsTheStatsAndAsksForThemThenIShowsWhoIsInsideInstead() {
        let store = DeskTestStore.settled(DeskSetup(terminalName: "Desk 1"), now: now)
        let later = now.addingTimeInterval(1)
        type("s", at: now, into: store)
        store.send(.tick, at: later) {
            _ = $0.wedge.flush(now: later)
            $0.needsRedraw = true
            $0.showStats = true
            $0.resize(width: 100, height: 30)
            $0.stats.loading = true
            $0.jobs.statsInFlight = true
            $0.clockSecond = Int(later.timeIntervalSince1970)
            $0.jobs.storeProbeInFlight = true
            $0.jobs.nextStoreProbe = later.addingTimeInterval(DeskJobs.storeProbeInterval)
        }
        store.receive(.stats(.load(now: later)), .probeStore)
        let last = later.addingTimeInterval(1)
        type("i", at: later, into: store)
        let generation = store.state.jobs.insideGeneration + 1
        store.send(.tick, at: last) {
            _ = $0.wedge.flush(now: last)
            $0.needsRedraw = true
            $0.showStats = false
            $0.showInside = true
            $0.resize(width: 100, height: 30)
            $0.jobs.insideGeneration = generation
            $0.jobs.insideInFlight = true
            $0.clockSecond = Int(last.timeIntervalSince1970)
        }
        store.receive(.inside(.count(generation: generation, listing: true)))
        store.finish()
    }

    @Test func tabMovesTheFocusToTheLogAndBSwapsTheNarrowSidePane() {
        let store = DeskTestStore.settled(DeskSetup(terminalName: "Desk 1"), now: now)
        store.press(.tab) {
            $0.needsRedraw = true
            $0.focus = .log
        }
        store.receive()
        let later = now.addingTimeInterval(1)
        type("b", at: now, into: store)
        store.send(.tick, at: later) {
            _ = $0.wedge.flush(now: later)
            $0.needsRedraw = true
            $0.narrowSidePane = .beacons
            $0.clockSecond = Int(later.timeIntervalSince1970)
            $0.jobs.storeProbeInFlight = true
            $0.jobs.nextStoreProbe = later.addingTimeInterval(DeskJobs.storeProbeInterval)
        }
        store.receive(.probeStore)
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
