import CustomDump
@testable import DeskUI
import Foundation
import MemberKit
import Testing

/// The reducer under an exhaustive test, in the spirit of TCA's `TestStore`: each `send` says how
/// the state changes (`update` turns the state before into the state after), each `receive` says
/// which effects it asked for, in order. Any change or effect the test did not assert fails it,
/// with a diff of what differs; effects still unasserted at the next `send` or at the end fail too.
///
/// The loop draws after every input that asks for it (`needsRedraw`), and drawing clears it: the
/// store does the same before each input, so a test asserts `needsRedraw` as the input's own.
final class DeskTestStore {
    private(set) var state: DeskState
    /// The effects the last input asked for that the test has not yet received.
    private var pending: [DeskEffect] = []
    private var pendingFrom: SourceLocation?
    /// The time each input arrives at, unless `send` is given another.
    var now: Date

    init(_ state: DeskState, now: Date) {
        self.state = state
        self.now = now
    }

    /// Runs `input` through `DeskReducer.reduce`; `update` must make exactly the change it made.
    func send(_ input: DeskInput, at time: Date? = nil, sourceLocation: SourceLocation = #_sourceLocation,
              _ update: (inout DeskState) -> Void = { _ in }) {
        failOnPending(before: "this input", at: sourceLocation)
        state.needsRedraw = false
        var expected = state
        pending = DeskReducer.reduce(&state, input, now: time ?? now)
        pendingFrom = sourceLocation
        update(&expected)
        if expected != state {
            let difference = diff(expected, state, format: .proportional).map { "\n" + $0 } ?? ""
            Issue.record("The state changed other than asserted (− expected, + actual):\(difference)", sourceLocation: sourceLocation)
        }
    }

    /// A key, slower than a wedge (at `now`, unless given another time).
    func press(_ key: Key, at time: Date? = nil, sourceLocation: SourceLocation = #_sourceLocation,
               _ update: (inout DeskState) -> Void = { _ in }) {
        send(.key(key, at: time ?? now), at: time, sourceLocation: sourceLocation, update)
    }

    /// The effects the last input asked for, all of them, in order.
    func receive(_ effects: DeskEffect..., sourceLocation: SourceLocation = #_sourceLocation) {
        receive(all: effects, sourceLocation: sourceLocation)
    }

    /// `receive`, with the effects as one array (a test that works out which it expects).
    func receive(all effects: [DeskEffect], sourceLocation: SourceLocation = #_sourceLocation) {
        if effects != pending {
            let difference = diff(effects, pending, format: .proportional).map { "\n" + $0 } ?? ""
            Issue.record("The effects differ from those asserted (− expected, + actual):\(difference)", sourceLocation: sourceLocation)
        }
        pending = []
        pendingFrom = nil
    }

    /// Ends the test: no effect may be left unasserted.
    func finish(sourceLocation: SourceLocation = #_sourceLocation) {
        failOnPending(before: "the end of the test", at: sourceLocation)
    }

    deinit {
        if let from = pendingFrom, !pending.isEmpty {
            Issue.record("\(pending.count) effect(s) never received: \(String(customDumping: pending))", sourceLocation: from)
        }
    }

    private func failOnPending(before what: String, at location: SourceLocation) {
        guard !pending.isEmpty else { return }
        Issue.record("\(pending.count) effect(s) not received before \(what): \(String(customDumping: pending))",
                     sourceLocation: pendingFrom ?? location)
        pending = []
        pendingFrom = nil
    }
}

extension DeskTestStore {
    /// A desk sized and settled at `now`: its first page, counts and probe answered (set-up, not
    /// asserted), so a test starts from a desk at rest and asserts only what its inputs do.
    static func settled(_ setup: DeskSetup, now: Date, width: Int = 100, height: Int = 30,
                        rows: [MemberRow] = []) -> DeskTestStore {
        var state = DeskState(setup: setup, now: now)
        var effects = DeskReducer.reduce(&state, .resize(width: width, height: height), now: now)
        while !effects.isEmpty {
            var next: [DeskEffect] = []
            for effect in effects {
                let answer: JobResult? = switch effect {
                case .memberList(.fetchPage(let request)): .memberList(.page(Array(rows.prefix(request.limit)), for: request))
                case .memberList(.countMembers(let generation, _, _)):
                    .memberList(.counted(generation: generation, matching: rows.count, all: rows.count))
                case .inside(.count(let generation, let listing)):
                    .inside(.counted(generation: generation, count: 0, members: listing ? [] : nil))
                case .probeStore: .storeProbed(version: 1)
                default: nil
                }
                if let answer { next += DeskReducer.reduce(&state, .finished(answer), now: now) }
            }
            effects = next
        }
        state.needsRedraw = false
        return DeskTestStore(state, now: now)
    }
}
