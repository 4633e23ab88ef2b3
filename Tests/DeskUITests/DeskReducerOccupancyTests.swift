@testable import DeskUI
import Foundation
import MemberKit
import Testing

/// The reducer's part in who is inside, under `DeskTestStore` (every change and effect said): when
/// it asks for the count and the "Inside now" list, that an answer read before a change cannot
/// overwrite a newer count, and what `i` and `x` ask for.
@Suite struct DeskReducerOccupancyTests: DeskStoreFixture {
    func setup(capacity: Int = 0) -> DeskSetup {
        var setup = openSetup
        setup.capacity = capacity
        return setup
    }

    func report(_ outcome: CheckInOutcome, inside: Int, capacity: Int = 0) -> CheckInReport {
        CheckInReport(time: now, source: .nfc, passId: "04A1B2C3", outcome: outcome, terminalId: "t",
                      inside: outcome.isEntry, insideCount: inside, capacity: capacity)
    }

    @Test func startingAsksForTheCountOnce() {
        let store = started(setup(capacity: 80)).store
        // The count in flight: the clock asks for no other.
        store.send(.tick) {
            $0.needsRedraw = true
            $0.clockSecond = Int(now.timeIntervalSince1970)
        }
        store.receive()
        #expect(!store.state.render(now: now).text(row: 0).contains("Inside"))  // not before it is counted
        store.send(.finished(.inside(.counted(generation: 0, count: 23, members: nil)))) {
            $0.needsRedraw = true
            $0.jobs.insideInFlight = false
            $0.status.occupancy.inside = 23
        }
        store.receive()
        #expect(store.state.render(now: now).text(row: 0).contains("Inside 23/80"))
        store.finish()
    }

    @Test func aCountReadBeforeACheckInDoesNotOverwriteIt() {
        let store = started().store
        // The start's count is in flight when a tap is published: the tap's count shows at once,
        // and no second count is asked for while the first is out (one at a time).
        let tap = report(.checkedIn(ana, visitNumber: 1), inside: 1)
        store.send(.event(.checkIn(tap))) {
            tapShown(tap, on: &$0)
            $0.jobs.insideStale = true
            $0.jobs.insideGeneration = 1
        }
        store.receive()
        // The start's answer (read before the tap) leaves the tap's count; the count is read again, for the tap.
        store.send(.finished(.inside(.counted(generation: 0, count: 0, members: nil)))) {
            $0.jobs.insideStale = false
        }
        store.receive(.inside(.count(generation: 1, listing: false)))
        // The recount confirms the tap's count: no frame for it.
        store.send(.finished(.inside(.counted(generation: 1, count: 1, members: nil)))) {
            $0.jobs.insideInFlight = false
        }
        store.receive()
        store.finish()
    }

    @Test func otherProcessesAndClosingTimeRecount() {
        let store = started().store
        store.send(.finished(.inside(.counted(generation: 0, count: 3, members: nil)))) {
            $0.needsRedraw = true
            $0.jobs.insideInFlight = false
            $0.status.occupancy.inside = 3
        }
        store.receive()
        // The first probe's version may already count a commit that the first reads missed (they run
        // on queues of their own, and no later version would move for it): all is read again once.
        // The first page and member count are still out: they are marked to be read again.
        store.send(.finished(.storeProbed(version: 1))) {
            $0.needsRedraw = true
            $0.jobs.storeProbeInFlight = false
            $0.jobs.storeVersion = 1
            $0.list.markStale()
            $0.jobs.countStale = true
            $0.jobs.insideGeneration = 1
            $0.jobs.insideInFlight = true
        }
        store.receive(.inside(.count(generation: 1, listing: false)))
        store.send(.finished(.inside(.counted(generation: 1, count: 3, members: nil)))) {
            $0.jobs.insideInFlight = false
        }
        store.receive()
        store.send(.tick) {
            $0.needsRedraw = true
            $0.clockSecond = Int(now.timeIntervalSince1970)
        }
        store.receive()
        // A moved version means another process committed: the rows, the member count and who is inside are read again.
        store.send(.finished(.storeProbed(version: 2))) {
            $0.needsRedraw = true
            $0.jobs.storeVersion = 2
            $0.list.markStale()
            $0.jobs.countStale = true
            $0.jobs.insideGeneration = 2
            $0.jobs.insideInFlight = true
        }
        store.receive(.inside(.count(generation: 2, listing: false)))
        store.send(.finished(.inside(.counted(generation: 2, count: 4, members: nil)))) {
            $0.needsRedraw = true
            $0.jobs.insideInFlight = false
            $0.status.occupancy.inside = 4
        }
        store.receive()
        // Closing time: its count shows at once, is read again, and the log says it.
        let closing = OccupancyNotice(insideCount: 0, checkedOut: 4, exitKind: .auto)
        store.send(.event(.occupancy(closing))) {
            $0.needsRedraw = true
            $0.list.markStale()
            $0.status.occupancy.inside = 0
            $0.jobs.insideGeneration = 3
            $0.jobs.insideInFlight = true
            $0.log.add(.occupancy(closing), at: now)
        }
        store.receive(.inside(.count(generation: 3, listing: false)))
        #expect(store.state.log.entries.first?.text == "4 members checked out (closing time), 0 inside")
        store.finish()
    }

    @Test func iShowsInsideNowAndAsksForTheListAndXChecksTheSelectedOut() {
        let store = makeStore()
        let shown = now.addingTimeInterval(1)
        let generation = store.state.jobs.insideGeneration + 1
        type("i", into: store) {
            $0.showInside = true
            $0.resize(width: 100, height: 30)
            $0.jobs.insideGeneration = generation
            $0.jobs.insideInFlight = true
        }
        store.receive(.inside(.count(generation: generation, listing: true)), .probeStore)
        let inside = [InsideMember(memberId: "m1", passId: "04A1B2C3", username: "Ana López", since: now.timeIntervalSince1970 - 5100, desk: "t"),
                      InsideMember(memberId: "m2", passId: "04A1B2C4", username: nil, since: now.timeIntervalSince1970 - 60, desk: "t")]
        store.send(.finished(.inside(.counted(generation: generation, count: 2, members: inside)))) {
            $0.needsRedraw = true
            $0.jobs.insideInFlight = false
            $0.status.occupancy.inside = 2
            $0.inside.receive(inside)
        }
        store.receive()
        let screen = store.state.render(now: now).text
        #expect(screen.contains("Inside now (2)"))
        #expect(screen.split(separator: "\n").contains { $0.contains("Ana López") && $0.contains("1 h 25 min") })
        #expect(screen.split(separator: "\n").contains { $0.contains("04A1B2C4") && $0.contains("1 min") })
        // ↓ then `x`: the second is checked out. (The probe the tick asked for is still out: no other.)
        let down = shown.addingTimeInterval(1)
        store.press(.down, at: down) {
            $0.needsRedraw = true
            $0.lock.lastKeyAt = down
            _ = $0.wedge.feed(.down, at: down)
            _ = $0.inside.onKey(.down)
        }
        store.receive()
        #expect(store.state.inside.selectedMember?.memberId == "m2")
        let x = down.addingTimeInterval(1)
        type("x", at: x, probes: false, into: store) { _ in }
        store.receive(.checkIn(.checkOut(memberId: "m2", operator: nil)))
        // F2 and F8 act on the member list's selection, which "Inside now" hides: nothing opens.
        for (i, key) in [Key.function(2), .function(8)].enumerated() {
            let time = x.addingTimeInterval(Double(2 + i))
            store.press(key, at: time) {
                $0.needsRedraw = true
                $0.lock.lastKeyAt = time
                _ = $0.wedge.feed(key, at: time)
            }
            store.receive()
        }
        // `s` leaves it for the stats view.
        let s = x.addingTimeInterval(4)
        type("s", at: s, probes: false, into: store) {
            $0.showInside = false
            $0.showStats = true
            $0.resize(width: 100, height: 30)
            $0.stats.loading = true
            $0.jobs.statsInFlight = true
        }
        store.receive(.stats(.load(now: s.addingTimeInterval(1))))
        store.finish()
    }

    @Test func aFailedCheckOutSaysSoOnTheBanner() {
        let store = makeStore()
        store.send(.finished(.checkIn(.checkOutFailed("database is locked")))) {
            $0.needsRedraw = true
            $0.banner.showError("Could not check out: database is locked", now: now)
        }
        store.receive()
        #expect(store.state.banner.current?.headline == "Could not check out: database is locked")
        store.finish()
    }

    @Test func theFullBannerAndTheGoodbyeUseTheReportsWords() {
        let store = makeStore(setup(capacity: 80))
        let generation = store.state.jobs.insideGeneration
        let full = report(.refused(ana, reason: .capacity), inside: 80, capacity: 80)
        var reload: MemberPageRequest?
        store.send(.event(.checkIn(full))) {
            tapShown(full, on: &$0)
            reload = $0.list.nextRequest()
            $0.jobs.insideGeneration = generation + 1
            $0.jobs.insideInFlight = true
            // `l` may let her in while the banner shows her.
            $0.lock.refusedPass = "04A1B2C3"
        }
        store.receive(.memberList(.fetchPage(reload!)), .inside(.count(generation: generation + 1, listing: false)))
        #expect(store.state.banner.current?.headline == "Full (80/80)")
        #expect(store.state.banner.current?.kind == .refused)
        // Issue 46 item 7: the line under the refusal says how to let her in anyway.
        #expect(store.state.banner.current?.details.first == "Press l to let them in anyway")
        let goodbye = report(.checkedOut(ana, stay: 5100), inside: 79, capacity: 80)
        store.send(.event(.checkIn(goodbye))) {
            tapShown(goodbye, on: &$0)
            $0.jobs.insideStale = true
            $0.jobs.insideGeneration = generation + 2
        }
        store.receive()
        #expect(store.state.banner.current?.headline == "Goodbye, Ana López — 1 h 25 min")
        #expect(store.state.banner.current?.kind == .welcome)
        #expect(store.state.render(now: now).text(row: 0).contains("Inside 79/80"))
        store.finish()
    }
}
