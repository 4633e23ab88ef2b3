import Foundation

/// One desk feature in one folder (`Features/Audit/`): its actions (its jobs' results among
/// them) on its own slice of the desk, its effects and what they do through its client. Its
/// results route themselves back here and its effects run themselves (`FeatureResult`,
/// `FeatureEffect`), so a result reaches only the feature whose job it answers.
protocol DeskFeature {
    associatedtype Slice
    associatedtype Action
    associatedtype Effect
    /// The fields of `DeskState` the feature reads and writes, named once (`DeskScope.lens`).
    static var lens: SliceLens<Slice> { get }
    static func reduce(_ slice: inout Slice, _ action: Action, now: Date) -> FeatureOutput
    /// What an effect of the feature's does, through its client, on the runner's workers.
    static func run(_ effect: Effect, on runner: DeskEffectRunner)
}

/// What a feature hands its parent: jobs, lines for the event log, a frame, and what the rest
/// of the desk should know (a failure for the banner, members changed on the store).
struct FeatureOutput: Equatable, DeskChildOutput {
    var effects: [DeskEffect] = []
    var notes: [DeskNote] = []
    var redraw = false
    /// A failure shown where staff look, as a tap's is.
    var bannerError: String?
    /// The store's members changed: the list reloads and recounts.
    var membersChanged = false
    /// The banner's card is dealt with (enrolled, given to a member): it goes.
    var dismissBanner = false
    /// A dialog that is not the slice's to write (another's, or the one its answer opens): the parent's.
    var dialog: DialogChange?

    init(effects: [DeskEffect] = [], notes: [DeskNote] = [], bannerError: String? = nil, membersChanged: Bool = false) {
        self.effects = effects
        self.notes = notes
        self.bannerError = bannerError
        self.membersChanged = membersChanged
    }

    init(note: DeskNote, membersChanged: Bool = false) {
        self.init(notes: [note], membersChanged: membersChanged)
    }

    init(dialog: DialogChange?, notes: [DeskNote] = []) {
        self.init(notes: notes)
        self.dialog = dialog
    }
}

/// A feature's slice of the desk, to read and to put back (a `DeskScope` without its field types).
struct SliceLens<Slice> {
    let read: (DeskState) -> Slice
    let write: (Slice, inout DeskState) -> Void

    /// Runs `child` on the slice and writes back what it changed.
    func run<Result>(_ state: inout DeskState, _ child: (inout Slice) -> Result) -> Result {
        var slice = read(state)
        let result = child(&slice)
        write(slice, &state)
        return result
    }

    /// A slice the feature reads and never writes (check-in's: what its keys act on).
    static func readOnly(_ read: @escaping (DeskState) -> Slice) -> SliceLens {
        SliceLens(read: read, write: { _, _ in })
    }
}

extension DeskScope {
    var lens: SliceLens<Slice> {
        SliceLens(read: { slice(of: $0) }, write: { write($0, into: &$1) })
    }
}

extension DeskReducer {
    /// `action` to `feature` on its slice; what it hands back is carried out as for every child.
    static func route<Feature: DeskFeature>(_ feature: Feature.Type, _ action: Feature.Action, _ state: inout DeskState,
                                            _ effects: inout [DeskEffect], now: Date) {
        let out = scope(Feature.lens, &state, &effects, now: now) { Feature.reduce(&$0, action, now: now) }
        change(out.dialog, &state)
        if out.dismissBanner { banner(.dismiss, &state, now: now) }
        if let error = out.bannerError { banner(.showError(error), &state, now: now) }
        if out.membersChanged { memberList(.membersChanged(recount: true), &state, &effects, now: now) }
    }
}
