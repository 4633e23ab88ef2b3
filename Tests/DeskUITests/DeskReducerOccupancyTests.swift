@testable import DeskUI
import Foundation
import MemberKit
import Testing

/// The reducer's part in who is inside: when it asks for the count and the "Inside now" list,
/// that an answer read before a change cannot overwrite a newer count, and what `i` and `x` ask for.
@Suite struct DeskReducerOccupancyTests {
    let now = Date(timeIntervalSince1970: 1_767_268_800)
    let ana = MemberRecord(passId: "04A1B2C3", username: "Ana López", timeStampAdded: 0, modifiedAt: 0, modifiedBy: "")

    func state(capacity: Int = 0) -> (DeskState, [DeskEffect]) {
        var setup = DeskSetup(terminalName: "Desk 1")
        setup.capacity = capacity
        var state = DeskState(setup: setup, now: now)
        let effects = DeskReducer.reduce(&state, .resize(width: 100, height: 30), now: now)
        return (state, effects)
    }

    func insideCounts(_ effects: [DeskEffect]) -> [(generation: Int, listing: Bool)] {
        effects.compactMap { if case .countInside(let generation, let listing) = $0 { (generation, listing) } else { nil } }
    }

    func report(_ outcome: CheckInOutcome, inside: Int, capacity: Int = 0) -> CheckInReport {
        CheckInReport(time: now, source: .nfc, passId: "04A1B2C3", outcome: outcome, terminalId: "t",
                      inside: outcome.isEntry, insideCount: inside, capacity: capacity)
    }

    @Test func startingAsksForTheCountOnce() {
        var (state, effects) = state(capacity: 80)
        #expect(insideCounts(effects).map(\.listing) == [false])
        #expect(insideCounts(DeskReducer.reduce(&state, .tick, now: now)).isEmpty)
        #expect(!state.render(now: now).text(row: 0).contains("Inside"))  // not before it is counted
        _ = DeskReducer.reduce(&state, .finished(.insideCounted(generation: 0, count: 23, members: nil)), now: now)
        #expect(state.render(now: now).text(row: 0).contains("Inside 23/80"))
    }

    @Test func aCountReadBeforeACheckInDoesNotOverwriteIt() {
        var (state, _) = state()
        // The start's count is in flight when a tap is published: the tap's count shows at once.
        var effects = DeskReducer.reduce(&state, .event(.checkIn(report(.checkedIn(ana, visitNumber: 1), inside: 1))), now: now)
        #expect(state.status.occupancy.inside == 1)
        #expect(insideCounts(effects).isEmpty)  // one at a time
        effects = DeskReducer.reduce(&state, .finished(.insideCounted(generation: 0, count: 0, members: nil)), now: now)
        #expect(state.status.occupancy.inside == 1)
        // …and the count is read again, for the tap.
        let again = insideCounts(effects)
        #expect(again.count == 1 && again[0].generation == state.jobs.insideGeneration)
        // The recount confirms the tap's count: no frame for it.
        state.needsRedraw = false
        _ = DeskReducer.reduce(&state, .finished(.insideCounted(generation: again[0].generation, count: 1, members: nil)), now: now)
        #expect(state.status.occupancy.inside == 1)
        #expect(!state.needsRedraw)
    }

    @Test func otherProcessesAndClosingTimeRecount() {
        var (state, _) = state()
        _ = DeskReducer.reduce(&state, .finished(.insideCounted(generation: 0, count: 3, members: nil)), now: now)
        _ = DeskReducer.reduce(&state, .finished(.storeProbed(version: 1)), now: now)
        // The first probe only learns the version; a moved one means another process committed.
        #expect(insideCounts(DeskReducer.reduce(&state, .tick, now: now)).isEmpty)
        let effects = DeskReducer.reduce(&state, .finished(.storeProbed(version: 2)), now: now)
        #expect(insideCounts(effects).count == 1)
        _ = DeskReducer.reduce(&state, .finished(.insideCounted(generation: state.jobs.insideGeneration, count: 4, members: nil)), now: now)
        _ = DeskReducer.reduce(&state, .event(.occupancy(OccupancyNotice(insideCount: 0, checkedOut: 4, exitKind: .auto))), now: now)
        #expect(state.status.occupancy.inside == 0)
        #expect(state.log.entries.first?.text == "4 members checked out (closing time), 0 inside")
    }

    @Test func iShowsInsideNowAndAsksForTheListAndXChecksTheSelectedOut() {
        var (state, _) = state()
        _ = DeskReducer.reduce(&state, .finished(.insideCounted(generation: 0, count: 0, members: nil)), now: now)
        var effects = DeskReducer.reduce(&state, .key(.character("i"), at: now), now: now)
        effects += DeskReducer.reduce(&state, .tick, now: now.addingTimeInterval(0.5))
        #expect(state.showInside)
        #expect(insideCounts(effects).map(\.listing) == [true])
        let inside = [InsideMember(memberId: "m1", passId: "04A1B2C3", username: "Ana López", since: now.timeIntervalSince1970 - 5100, desk: "t"),
                      InsideMember(memberId: "m2", passId: "04A1B2C4", username: nil, since: now.timeIntervalSince1970 - 60, desk: "t")]
        _ = DeskReducer.reduce(&state, .finished(.insideCounted(generation: state.jobs.insideGeneration, count: 2, members: inside)), now: now)
        let screen = state.render(now: now).text
        #expect(screen.contains("Inside now (2)"))
        #expect(screen.split(separator: "\n").contains { $0.contains("Ana López") && $0.contains("1 h 25 min") })
        #expect(screen.split(separator: "\n").contains { $0.contains("04A1B2C4") && $0.contains("1 min") })
        effects = DeskReducer.reduce(&state, .key(.down, at: now.addingTimeInterval(1)), now: now.addingTimeInterval(1))
        effects += DeskReducer.reduce(&state, .key(.character("x"), at: now.addingTimeInterval(2)), now: now.addingTimeInterval(2))
        effects += DeskReducer.reduce(&state, .tick, now: now.addingTimeInterval(2.5))
        #expect(effects.contains { if case .checkOut("m2") = $0 { true } else { false } })
        // F2 and F8 act on the member list's selection, which "Inside now" hides: nothing happens.
        _ = DeskReducer.reduce(&state, .key(.function(8), at: now.addingTimeInterval(3)), now: now.addingTimeInterval(3))
        #expect(state.dialog == nil)
        // s, or i again, leave it.
        _ = DeskReducer.reduce(&state, .key(.character("s"), at: now.addingTimeInterval(4)), now: now.addingTimeInterval(4))
        _ = DeskReducer.reduce(&state, .tick, now: now.addingTimeInterval(4.5))
        #expect(state.showStats && !state.showInside)
    }

    @Test func aFailedCheckOutSaysSoOnTheBanner() {
        var (state, _) = state()
        _ = DeskReducer.reduce(&state, .finished(.checkOutFailed("database is locked")), now: now)
        #expect(state.banner.current?.headline == "Could not check out: database is locked")
    }

    @Test func theFullBannerAndTheGoodbyeUseTheReportsWords() {
        var (state, _) = state(capacity: 80)
        _ = DeskReducer.reduce(&state, .event(.checkIn(report(.refused(ana, reason: .capacity), inside: 80, capacity: 80))), now: now)
        #expect(state.banner.current?.headline == "Full (80/80)")
        #expect(state.banner.current?.kind == .refused)
        _ = DeskReducer.reduce(&state, .event(.checkIn(report(.checkedOut(ana, stay: 5100), inside: 79, capacity: 80))), now: now)
        #expect(state.banner.current?.headline == "Goodbye, Ana López — 1 h 25 min")
        #expect(state.banner.current?.kind == .welcome)
        #expect(state.render(now: now).text(row: 0).contains("Inside 79/80"))
    }
}
