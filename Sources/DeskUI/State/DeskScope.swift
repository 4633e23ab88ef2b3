import Foundation

/// One field of a child reducer's slice, and the field of `DeskState` it stands for.
struct SliceField<Slice, Value> {
    let slice: WritableKeyPath<Slice, Value>
    let desk: WritableKeyPath<DeskState, Value>

    init(_ slice: WritableKeyPath<Slice, Value>, at desk: WritableKeyPath<DeskState, Value>) {
        self.slice = slice
        self.desk = desk
    }
}

/// A child reducer's slice of the desk, as TCA's `Scope` hands a child its part of the parent's
/// state. A TCA child's state is one key path; a slice here is several fields of `DeskState`, so a
/// scope names each field once, slice side and desk side: `slice(of:)` reads them all, `write`
/// puts them all back, and `run` does both around the child. Each slice declares its scope beside
/// itself (`InsideSlice.scope`), so no slice hand-writes a get and a set. No scope holds the open
/// dialog: a slice holds its own dialog alone (`OwnDialogSlice`), through a `SliceLens`.
///
/// `make` is the slice's memberwise initializer, given the fields in the order they are listed;
/// a debug check that each field reads back as it was read catches a list out of that order.
struct DeskScope<Slice, each Value: Equatable> {
    private let make: (repeat each Value) -> Slice
    private let fields: (repeat SliceField<Slice, each Value>)

    init(_ make: @escaping (repeat each Value) -> Slice, _ fields: repeat SliceField<Slice, each Value>) {
        self.make = make
        self.fields = (repeat each fields)
    }

    /// The slice as the desk holds it now.
    func slice(of state: DeskState) -> Slice {
        let slice = make(repeat state[keyPath: (each fields).desk])
        assert(readsBack(slice, from: state), "a DeskScope lists its fields out of the order its slice's initializer takes them")
        return slice
    }

    /// Puts every field of `slice` back on the desk.
    func write(_ slice: Slice, into state: inout DeskState) {
        for field in repeat each fields {
            state[keyPath: field.desk] = slice[keyPath: field.slice]
        }
    }

    /// Runs `child` on the slice and writes back what it changed.
    func run<Result>(_ state: inout DeskState, _ child: (inout Slice) -> Result) -> Result {
        var slice = slice(of: state)
        let result = child(&slice)
        write(slice, into: &state)
        return result
    }

    private func readsBack(_ slice: Slice, from state: DeskState) -> Bool {
        for field in repeat each fields {
            guard slice[keyPath: field.slice] == state[keyPath: field.desk] else { return false }
        }
        return true
    }
}

/// What a child reducer hands back that the parent carries out alike for every child: effects to
/// run, lines for the event log, and whether the screen needs a frame.
protocol DeskChildOutput {
    var effects: [DeskEffect] { get }
    var notes: [DeskNote] { get }
    var redraw: Bool { get }
}

extension DeskReducer {
    /// A child on its slice: `child` runs on the slice `scope` reads, what it changed goes back on
    /// the desk, and its effects, log lines and redraw are the parent's; the rest of its output
    /// (a reply, a command) is returned for the caller.
    static func scope<Slice, each Value: Equatable, Output: DeskChildOutput>(
        _ scope: DeskScope<Slice, repeat each Value>, _ state: inout DeskState, _ effects: inout [DeskEffect], now: Date,
        _ child: (inout Slice) -> Output
    ) -> Output {
        self.scope(scope.lens, &state, &effects, now: now, child)
    }

    /// A child on the slice `lens` reads and writes back (a feature's, the lock's), carried out alike.
    static func scope<Slice, Output: DeskChildOutput>(
        _ lens: SliceLens<Slice>, _ state: inout DeskState, _ effects: inout [DeskEffect], now: Date,
        _ child: (inout Slice) -> Output
    ) -> Output {
        let out = lens.run(&state, child)
        carryOut(out, &state, &effects, now: now)
        return out
    }

    /// A child's effects join the input's, its notes go in the event log, and a redraw is asked for.
    static func carryOut(_ out: some DeskChildOutput, _ state: inout DeskState, _ effects: inout [DeskEffect], now: Date) {
        effects += out.effects
        logNotes(out.notes, &state, now: now)
        if out.redraw { state.needsRedraw = true }
    }

    /// The one way a reducer's lines reach the event log: as the notes their producers hand back.
    static func logNotes(_ notes: [DeskNote], _ state: inout DeskState, now: Date) {
        for note in notes { state.log.add(note, at: now) }
    }
}
