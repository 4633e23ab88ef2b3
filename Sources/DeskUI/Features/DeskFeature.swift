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

    init(effects: [DeskEffect] = [], notes: [DeskNote] = [], bannerError: String? = nil, membersChanged: Bool = false) {
        self.effects = effects
        self.notes = notes
        self.bannerError = bannerError
        self.membersChanged = membersChanged
    }

    init(note: DeskNote, membersChanged: Bool = false) {
        self.init(notes: [note], membersChanged: membersChanged)
    }
}

/// A feature's slice of the desk, to read and to put back (a `DeskScope` without its field types).
struct SliceLens<Slice> {
    let read: (DeskState) -> Slice
    let write: (Slice, inout DeskState) -> Void
}

extension DeskScope {
    var lens: SliceLens<Slice> {
        SliceLens(read: { slice(of: $0) }, write: { write($0, into: &$1) })
    }
}

/// A feature whose slice is the open dialog alone (the audit view, the wallet pass's notice).
struct DialogSlice: Equatable {
    var dialog: DeskDialog?

    static var scope: DeskScope<DialogSlice, DeskDialog?> { DeskScope(DialogSlice.init, .init(\.dialog, at: \.dialog)) }
}

extension DeskReducer {
    /// `action` to `feature` on its slice; what it hands back is carried out as for every child.
    static func route<Feature: DeskFeature>(_ feature: Feature.Type, _ action: Feature.Action, _ state: inout DeskState,
                                            _ effects: inout [DeskEffect], now: Date) {
        var slice = Feature.lens.read(state)
        let out = Feature.reduce(&slice, action, now: now)
        Feature.lens.write(slice, &state)
        carryOut(out, &state, &effects, now: now)
        if out.dismissBanner { banner(.dismiss, &state, now: now) }
        if let error = out.bannerError { banner(.showError(error), &state, now: now) }
        if out.membersChanged { memberList(.membersChanged(recount: true), &state, &effects, now: now) }
    }
}

/// The open dialog and who the record names: the slice of F6's import, whose job is recorded.
struct RecordedDialogSlice: Equatable, DialogOwningSlice {
    var dialog: DeskDialog?
    let operatorName: String?

    static var lens: SliceLens<RecordedDialogSlice> {
        .dialog { RecordedDialogSlice(dialog: $0.dialog, operatorName: $0.lock.operatorName) }
    }
}

/// A slice that reads what it needs of the desk (the operator, a selection) but changes only the open dialog.
protocol DialogOwningSlice {
    var dialog: DeskDialog? { get }
}

/// A slice that holds only its feature's own kind of dialog (the form's): nil with none or another open,
/// so the feature cannot write another dialog; `ownDialog` puts it back.
protocol OwnDialogSlice {
    associatedtype Dialog: DeskDialogFeature
    var ownDialog: Dialog? { get }
}

extension SliceLens where Slice: OwnDialogSlice {
    /// The one write-back of an own dialog: changed, it goes back in its case; gone, the desk's
    /// dialog closes; with another dialog open (or none) there is nothing of the feature's to write.
    static func ownDialog(reading read: @escaping (DeskState) -> Slice) -> SliceLens {
        SliceLens(read: read, write: { slice, state in
            guard state.dialog?[Slice.Dialog.self] != nil else { return }
            if let own = slice.ownDialog { state.dialog?[Slice.Dialog.self] = own } else { state.dialog = nil }
        })
    }
}

extension SliceLens where Slice: DialogOwningSlice {
    static func dialog(reading read: @escaping (DeskState) -> Slice) -> SliceLens {
        SliceLens(read: read, write: { $1.dialog = $0.dialog })
    }
}
