import Foundation

/// A slice that holds only its feature's own kind of dialog (the form's): nil with none or another open,
/// so the feature cannot write another dialog; `ownDialog` puts it back.
protocol OwnDialogSlice {
    associatedtype Dialog: DeskDialogFeature
    var ownDialog: Dialog? { get }
}

extension SliceLens where Slice: OwnDialogSlice {
    /// The lens of a slice whose only dialog is its own (`read` picks it out of the desk's, nil otherwise).
    static func ownDialog(reading read: @escaping (DeskState) -> Slice) -> SliceLens {
        SliceLens(read: read, write: { slice, state in putBack(slice.ownDialog, read: read(state).ownDialog, into: &state) })
    }
}

extension SliceLens {
    /// The one write-back of an own dialog: changed, it goes back in its case; gone, the desk's
    /// dialog closes; not read (another dialog open, or none) there is nothing of the feature's to write.
    static func putBack<D: DeskDialogFeature>(_ own: D?, read: D?, into state: inout DeskState) {
        guard read != nil else { return }
        if let own { state.dialog?[D.self] = own } else { state.dialog = nil }
    }
}
