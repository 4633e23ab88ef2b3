import DeskUI
import Foundation
import MemberKit
import Testing

/// The reducer alone: state and input in, state and effects out; no database, worker or terminal.
@Suite struct DeskReducerTests {
    let now = Date(timeIntervalSince1970: 1_767_268_800)

    func state(enrolment: EnrolmentPolicy = .auto) -> DeskState {
        var state = DeskState(setup: DeskSetup(terminalName: "Desk 1", enrolment: enrolment), now: now)
        _ = DeskReducer.reduce(&state, .resize(width: 100, height: 30), now: now)
        return state
    }

    func press(_ keys: [Key], _ state: inout DeskState) -> [DeskEffect] {
        var effects: [DeskEffect] = []
        for (i, key) in keys.enumerated() {
            // Slower than a wedge, so each key is a key.
            effects += DeskReducer.reduce(&state, .key(key, at: now.addingTimeInterval(Double(i))), now: now.addingTimeInterval(Double(i) + 0.5))
            effects += DeskReducer.reduce(&state, .tick, now: now.addingTimeInterval(Double(i) + 0.9))
        }
        return effects
    }

    @Test func startingAsksForTheFirstPageAndTheCounts() {
        var state = DeskState(setup: DeskSetup(terminalName: "Desk 1"), now: now)
        let effects = DeskReducer.reduce(&state, .resize(width: 100, height: 30), now: now)
        #expect(effects.contains { if case .fetchPage(let request) = $0 { request.kind == .first } else { false } })
        #expect(effects.contains { if case .countMembers(_, nil, nil) = $0 { true } else { false } })
        // Both are in flight: asking again asks for nothing.
        #expect(DeskReducer.reduce(&state, .tick, now: now).isEmpty)
    }

    @Test func f4ATypedPassAndEnterAskForAManualCheckIn() {
        var state = state()
        let effects = press([.function(4)] + "04a1b2c3".map(Key.character) + [.enter], &state)
        let checkIns = effects.compactMap { effect -> String? in
            if case .checkIn(let pass, .manual) = effect { pass } else { nil }
        }
        #expect(checkIns == ["04a1b2c3"])
        #expect(state.dialog == nil)
    }

    @Test func theBusCheckInShowsTheBannerAndAFailedJobShowsAnError() throws {
        var state = state()
        let member = MemberRecord(passId: "04A1B2C3", username: "Ana López", timeStampAdded: 0, modifiedAt: 0, modifiedBy: "")
        let report = CheckInReport(time: now, source: .nfc, passId: "04A1B2C3",
                                   outcome: .checkedIn(member, visitNumber: 1), terminalId: "t")
        _ = DeskReducer.reduce(&state, .event(.checkIn(report)), now: now)
        #expect(state.banner.current?.kind == .welcome)
        #expect(state.log.entries.first?.tone == .success)
        #expect(state.render(now: now).text.contains("Welcome, Ana López — first visit"))
        _ = DeskReducer.reduce(&state, .finished(.checkInFailed("bad pass")), now: now)
        #expect(state.banner.current?.headline == "Not a pass: bad pass")
        _ = DeskReducer.reduce(&state, .tick, now: now.addingTimeInterval(6))
        #expect(state.banner.current == nil)
    }

    @Test func aWedgeBurstIsACheckInNotKeys() {
        var state = state()
        var effects: [DeskEffect] = []
        for (i, c) in "04A1B2C4".enumerated() {
            effects += DeskReducer.reduce(&state, .key(.character(c), at: now.addingTimeInterval(Double(i) * 0.005)), now: now)
        }
        effects += DeskReducer.reduce(&state, .key(.enter, at: now.addingTimeInterval(0.045)), now: now)
        #expect(effects.contains { if case .checkIn("04A1B2C4", .wedge) = $0 { true } else { false } })
        #expect(state.dialog == nil && !state.list.isSearching)
    }

    @Test func theNextDeadlineIsTheSoonestOfClockBannerAndHeldKeys() {
        var state = state()
        let late = now.addingTimeInterval(0.25)
        #expect(state.nextDeadline(after: late) == now.addingTimeInterval(1))
        _ = DeskReducer.reduce(&state, .key(.character("o"), at: late), now: late)
        #expect(state.nextDeadline(after: late) == late.addingTimeInterval(0.030))
    }
}
