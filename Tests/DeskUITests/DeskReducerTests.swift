import DeskUI
import Foundation
import MemberKit
import Testing

/// The reducer alone: state and input in, state and effects out; no database, worker or terminal.
/// (What each input changes and asks for is asserted whole in `DeskExhaustiveReducerTests`.)
@Suite struct DeskReducerTests {
    let now = Date(timeIntervalSince1970: 1_767_268_800)

    func state(enrolment: EnrolmentPolicy = .auto) -> DeskState {
        var state = DeskState(setup: DeskSetup(terminalName: "Desk 1", enrolment: enrolment), now: now)
        _ = DeskReducer.reduce(&state, .resize(width: 100, height: 30), now: now)
        return state
    }

    @Test func theNextDeadlineIsTheSoonestOfClockBannerAndHeldKeys() {
        var state = state()
        let late = now.addingTimeInterval(0.25)
        #expect(state.nextDeadline(after: late) == now.addingTimeInterval(1))
        _ = DeskReducer.reduce(&state, .key(.character("o"), at: late), now: late)
        #expect(state.nextDeadline(after: late) == late.addingTimeInterval(0.030))
    }
}
